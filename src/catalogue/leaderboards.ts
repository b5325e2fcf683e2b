import type { EntityManager } from '@mikro-orm/postgresql';
import { leaderboards, type Leaderboard } from '../domain/catalogue-terms.js';
import { offsetOf, pageOf } from '../domain/pagination.js';
import { addWeeks, isoDate, weekSpan } from '../domain/weeks.js';
import { query, summaryJson, withUrl, type Json, type Summary } from './sql.js';

interface BoardDefinition {
  title: string;
  rankedBy: string;
  paid: boolean;
  /** From, where and order over `listing l`; `metric` is a JSON expression. */
  from: string;
  where: string;
  metric: string;
  order: string;
}

/** Four separate ranking systems; none mixes votes, money, Domain Rating or revenue. */
const boards: Record<Leaderboard, BoardDefinition> = {
  'community-weekly': {
    title: 'Community leaderboard of the week',
    rankedBy: 'community votes cast during the week',
    paid: false,
    from: `(select listing_id, count(*) as n from vote where created_at >= ?::date and created_at < ?::date group by listing_id) v join listing l on l.id = v.listing_id`,
    where: `l.status = 'live'`,
    metric: `json_build_object('votes', v.n)`,
    order: 'v.n desc',
  },
  'community-all-time': {
    title: 'Community leaderboard of all time',
    rankedBy: 'community votes',
    paid: false,
    from: 'listing l',
    where: `l.status = 'live' and l.vote_count > 0`,
    metric: `json_build_object('votes', l.vote_count)`,
    order: 'l.vote_count desc',
  },
  billboard: {
    title: 'Billboard (paid placement)',
    rankedBy: 'money contributed (paid ranking, not community votes)',
    paid: true,
    from: 'listing l',
    where: `l.status = 'live' and l.billboard_cents > 0`,
    metric: `json_build_object('amount_cents', l.billboard_cents, 'currency', 'USD')`,
    order: 'l.billboard_cents desc',
  },
  'domain-rating': {
    title: 'Domain Rating leaderboard',
    rankedBy: 'Domain Rating, a third-party metric of the website',
    paid: false,
    from: 'listing l',
    where: `l.status = 'live' and l.domain_rating is not null`,
    metric: `json_build_object('domain_rating', l.domain_rating, 'measured_on', l.domain_rating_on)`,
    order: 'l.domain_rating desc',
  },
  revenue: {
    title: 'Revenue leaderboard',
    rankedBy: 'monthly revenue reported by the company, in USD cents',
    paid: false,
    from: 'listing l',
    where: `l.status = 'live' and l.monthly_revenue_cents is not null`,
    metric: `json_build_object('monthly_revenue_cents', l.monthly_revenue_cents, 'month', l.revenue_month, 'currency', 'USD')`,
    order: 'l.monthly_revenue_cents desc',
  },
};

/** Every board's title, ranking system and paid flag, in the order boards are listed. */
export const leaderboardSummaries = leaderboards.map((board) => ({ board, title: boards[board].title, ranked_by: boards[board].rankedBy, paid: boards[board].paid }));

export const paidNotice = 'Paid ranking: positions on the billboard are bought with money contributed. It is not a community ranking.';

/** A leaderboard page; `weekMonday` is used by community-weekly only. */
export async function getLeaderboard(em: EntityManager, siteId: number, publicUrl: string, board: Leaderboard, weekMonday: Date, page: number, perPage: number): Promise<Json> {
  const def = boards[board];
  const weekly = board === 'community-weekly';
  const fromParams = weekly ? [isoDate(weekMonday), isoDate(addWeeks(weekMonday, 1))] : [];
  const offset = offsetOf(page, perPage);
  // Ids and total over cheap columns first; the JSON only for the rows of the page.
  const rows = await query<{ item: Summary; metric: Json; total: string }>(
    em,
    `with page as (select l.id, ${def.metric} as metric, count(*) over () as total, row_number() over (order by ${def.order}, l.id) as n
       from ${def.from} where l.site_id = ? and ${def.where} order by ${def.order}, l.id limit ? offset ?)
     select ${summaryJson()} as item, page.metric, page.total from page join listing l on l.id = page.id order by page.n`,
    [...fromParams, siteId, perPage, offset],
  );
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && page > 1) {
    const [counted] = await query<{ total: string }>(em, `select count(*) as total from ${def.from} where l.site_id = ? and ${def.where}`, [...fromParams, siteId]);
    total = Number(counted.total);
  }
  const items = rows.map((r, i) => ({
    rank: offset + i + 1,
    listing: withUrl(r.item, publicUrl),
    metric: r.metric,
    ...(def.paid ? { paid: true, label: 'Paid' } : {}),
  }));
  return {
    board,
    title: def.title,
    ranked_by: def.rankedBy,
    paid: def.paid,
    ...(def.paid ? { notice: paidNotice } : {}),
    ...(weekly ? weekSpan(weekMonday) : {}),
    ...pageOf(items, total, page, perPage),
  };
}
