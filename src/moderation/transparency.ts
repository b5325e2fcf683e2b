import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../platform/sql.js';

/** One month of the transparency report (Art. 15, 24 DSA), counted from the moderation tables. */
export interface TransparencyMonth {
  month: string;
  reports: Record<string, number>;
  decisions: { action: string; ground: string; count: number }[];
  /** Median hours from a case's opening to its first decision, for cases first decided that month. */
  median_hours_to_decision: number | null;
  appeals: number;
  reversals: number;
  /** Accounts blocked that month (accounts are the whole service's, not one site's). */
  account_blocks: number;
}

/** Every month with moderation activity on the site, newest first; months in UTC. */
export async function transparencyReport(em: EntityManager, siteId: number): Promise<TransparencyMonth[]> {
  const rows = await query(
    em,
    sql<TransparencyMonth>`with
      cases as (select id, opened_at from moderation_case where site_id = ${siteId}),
      reports as (select to_char(r.created_at at time zone 'UTC', 'YYYY-MM') as month, r.category, count(*)::int as n
        from moderation_report r join cases c on c.id = r.case_id group by 1, 2),
      decisions as (select to_char(d.created_at at time zone 'UTC', 'YYYY-MM') as month, d.action, d.ground, count(*)::int as n
        from moderation_decision d join cases c on c.id = d.case_id where d.action <> 'reverse' group by 1, 2, 3),
      firsts as (select distinct on (d.case_id) to_char(d.created_at at time zone 'UTC', 'YYYY-MM') as month,
          extract(epoch from d.created_at - c.opened_at) / 3600 as hours
        from moderation_decision d join cases c on c.id = d.case_id order by d.case_id, d.id),
      appeals as (select to_char(a.created_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as n
        from moderation_appeal a join moderation_decision d on d.id = a.decision_id join cases c on c.id = d.case_id group by 1),
      reversals as (select to_char(d.created_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as n
        from moderation_decision d join cases c on c.id = d.case_id where d.action = 'reverse' group by 1),
      blocks as (select to_char(blocked_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as n
        from account_block group by 1),
      months as (select month from reports union select month from decisions union select month from firsts
        union select month from appeals union select month from reversals union select month from blocks)
      select m.month,
        coalesce((select json_object_agg(category, n) from reports r where r.month = m.month), '{}') as reports,
        coalesce((select json_agg(json_build_object('action', action, 'ground', ground, 'count', n) order by action, ground)
          from decisions d where d.month = m.month), '[]') as decisions,
        (select round((percentile_cont(0.5) within group (order by hours))::numeric, 1)::float
          from firsts f where f.month = m.month) as median_hours_to_decision,
        coalesce((select n from appeals a where a.month = m.month), 0) as appeals,
        coalesce((select n from reversals v where v.month = m.month), 0) as reversals,
        coalesce((select n from blocks b where b.month = m.month), 0) as account_blocks
      from months m order by m.month desc`,
  );
  return rows;
}
