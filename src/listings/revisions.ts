import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../platform/sql.js';

/** One recorded owner edit, as the site team reads it. */
export interface RevisionRow {
  id: number;
  listing_slug: string;
  listing_name: string;
  author: string | null;
  credential: string;
  client_id: string | null;
  request_id: string | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  created_at: string;
}

/** The newest revisions of the site's listings (of one listing when `slug` is given), newest first. */
export async function listRevisions(
  em: EntityManager,
  siteId: number,
  options: { slug?: string; limit: number },
): Promise<RevisionRow[]> {
  return query(
    em,
    sql<RevisionRow>`select r.id, l.slug as listing_slug, l.name as listing_name, u.email as author, r.credential, r.client_id,
       r.request_id, r.before, r.after, iso_utc(r.created_at) as created_at
     from listing_revision r join listing l on l.id = r.listing_id left join app_user u on u.id = r.author_id
     where l.site_id = ${siteId} and (${options.slug ?? null}::text is null or l.slug = ${options.slug ?? null})
     order by r.created_at desc, r.id desc limit ${options.limit}`,
  );
}
