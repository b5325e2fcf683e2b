import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../platform/sql.js';

export interface QueuedCase {
  number: string;
  kind: string;
  item_id: number;
  listing_slug: string | null;
  category: string;
  state: string;
  opened_at: string;
  appeal: boolean;
  reports: { category: string; law: string | null; explanation: string; at: string }[];
}

/** Cases waiting for a decision, oldest first (appeals marked), with their reports; `all` adds decided and closed ones. */
export function listCases(em: EntityManager, siteId: number, all = false, limit = 200): Promise<QueuedCase[]> {
  return query(
    em,
    sql<QueuedCase>`select c.number, c.kind, c.item_id, l.slug as listing_slug, c.category, c.state, iso_utc(c.opened_at) as opened_at,
        c.state = 'appealed' as appeal,
        (select coalesce(json_agg(json_build_object('category', r.category, 'law', r.law, 'explanation', r.explanation,
          'at', iso_utc(r.created_at)) order by r.id), '[]') from moderation_report r where r.case_id = c.id) as reports
      from moderation_case c left join listing l on l.id = c.listing_id
      where c.site_id = ${siteId} and (${all} or c.state in ('open', 'appealed'))
      order by c.opened_at, c.id limit ${limit}`,
  );
}
