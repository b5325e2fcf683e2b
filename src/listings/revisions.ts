import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../platform/sql.js';
import { interviewOf } from '../founders/interview.js';
import { getOwnedListing } from './owner-view.js';
import type { OwnerListingDetail } from './schemas.js';

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

/** One edit of a listing as its owner sees it: who (only whether it was them), through what, and each change. */
export interface OwnerRevision {
  at: string;
  by_you: boolean;
  via: 'api_key' | 'oauth' | 'session';
  client_id: string | null;
  changes: { field: string; before: unknown; after: unknown }[];
}

/**
 * The newest edits of one listing that changed something, for its owner. The author is told only
 * as "you" or not: a listing that changed hands by a claim must not show its previous owner's address.
 */
export async function ownerHistory(
  em: EntityManager,
  viewerId: number,
  listingId: number,
  limit: number,
): Promise<OwnerRevision[]> {
  const rows = await query(
    em,
    sql<{
      at: string;
      by_you: boolean;
      via: OwnerRevision['via'];
      client_id: string | null;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }>`select iso_utc(created_at) as at, author_id is not distinct from ${viewerId} as by_you, credential as via, client_id, before, after
     from listing_revision where listing_id = ${listingId} and after <> '{}'::jsonb
     order by created_at desc, id desc limit ${limit}`,
  );
  return rows.map(({ before, after, ...rest }) => ({
    ...rest,
    changes: Object.keys(after).map((field) => ({ field, before: before[field] ?? null, after: after[field] })),
  }));
}

/** get_my_listing: the owner view of one of the owner's listings with its newest edits and the owner's interview. */
export async function ownedListingWithHistory(
  em: EntityManager,
  siteId: number,
  publicUrl: string,
  ownerId: number,
  listingId: number,
): Promise<OwnerListingDetail> {
  const listing = await getOwnedListing(em, publicUrl, ownerId, listingId);
  return {
    ...listing,
    history: await ownerHistory(em, ownerId, listingId, 20),
    interview: await interviewOf(em, siteId, publicUrl, ownerId),
  };
}
