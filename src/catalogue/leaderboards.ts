import type { EntityManager } from '@mikro-orm/postgresql';
import type { Leaderboard as LeaderboardPage } from './schemas.js';
import { leaderboards, type Leaderboard } from '../domain/catalogue-terms.js';
import { offsetOf } from '../domain/pagination.js';
import { addWeeks, resolveWeek, utcDayStart, weekSpan } from '../domain/weeks.js';
import { AppError, notFound } from '../errors.js';
import { pageLimit, readPage } from '../platform/paging.js';
import { query, sql, type Sql } from '../platform/sql.js';
import { summaryJson, withUrl, unrestricted, type Summary } from './sql.js';

interface BoardDefinition {
  title: string;
  rankedBy: string;
  paid: boolean;
  /** From (given the week's Monday) as `l`, where and order; `metric` is a JSON expression. */
  from: (monday: Date) => Sql;
  where: Sql;
  metric: Sql;
  order: Sql;
}

/** Four separate ranking systems; none mixes votes, money, Domain Rating or revenue. */
const boards: Record<Leaderboard, BoardDefinition> = {
  'community-weekly': {
    title: 'Community leaderboard of the week',
    rankedBy: 'counted community votes cast during the week',
    paid: false,
    from: (monday) =>
      sql`(select listing_id, count(*) as n from vote where discount_reason is null and created_at >= ${utcDayStart(monday)}::timestamptz and created_at < ${utcDayStart(addWeeks(monday, 1))}::timestamptz group by listing_id) v join listing l on l.id = v.listing_id`,
    where: sql`l.status = 'live' and ${unrestricted}`,
    metric: sql`json_build_object('votes', v.n)`,
    order: sql`v.n desc`,
  },
  'community-all-time': {
    title: 'Community leaderboard of all time',
    rankedBy: 'community votes',
    paid: false,
    // The narrow copy, whose index orders live listings by votes (a vote must not touch listing's indexes).
    from: () => sql`search_listing l`,
    where: sql`l.status = 'live' and l.vote_count > 0`,
    metric: sql`json_build_object('votes', l.vote_count)`,
    order: sql`l.vote_count desc`,
  },
  billboard: {
    title: 'Billboard (paid placement)',
    rankedBy: 'money contributed (paid ranking, not community votes)',
    paid: true,
    from: () => sql`listing l`,
    where: sql`l.status = 'live' and ${unrestricted} and l.billboard_cents > 0`,
    metric: sql`json_build_object('amount_cents', l.billboard_cents, 'currency', 'USD')`,
    order: sql`l.billboard_cents desc`,
  },
  'domain-rating': {
    title: 'Domain Rating leaderboard',
    rankedBy: 'Domain Rating, a third-party metric of the website',
    paid: false,
    from: () => sql`listing l`,
    where: sql`l.status = 'live' and ${unrestricted} and l.domain_rating is not null`,
    metric: sql`json_build_object('domain_rating', l.domain_rating, 'measured_on', l.domain_rating_on)`,
    order: sql`l.domain_rating desc`,
  },
  revenue: {
    title: 'Revenue leaderboard',
    rankedBy: 'monthly revenue reported by the company, in USD cents',
    paid: false,
    from: () => sql`listing l`,
    where: sql`l.status = 'live' and ${unrestricted} and l.monthly_revenue_cents is not null`,
    metric: sql`json_build_object('monthly_revenue_cents', l.monthly_revenue_cents, 'month', l.revenue_month, 'currency', 'USD')`,
    order: sql`l.monthly_revenue_cents desc`,
  },
};

/** Every board's title, ranking system and paid flag, in the order boards are listed. */
export const leaderboardSummaries = leaderboards.map((board) => ({
  board,
  title: boards[board].title,
  ranked_by: boards[board].rankedBy,
  paid: boards[board].paid,
}));

export const paidNotice =
  'Paid ranking: positions on the billboard are bought with money contributed. It is not a community ranking.';

export interface LeaderboardRequest {
  board: string;
  /** community-weekly only: this (default), last or a date YYYY-MM-DD. */
  week?: string;
  page: number;
  perPage: number;
}

/** A leaderboard page: 404 for an unknown board, 400 for a week the board does not take. */
export async function getLeaderboard(
  em: EntityManager,
  siteId: number,
  publicUrl: string,
  request: LeaderboardRequest,
  now = new Date(),
): Promise<LeaderboardPage> {
  if (!(leaderboards as readonly string[]).includes(request.board)) throw notFound(`Leaderboard ${request.board}`);
  const board = request.board as Leaderboard;
  if (request.week !== undefined && board !== 'community-weekly') {
    throw new AppError('invalid_input', 'week applies to the community-weekly board only.', [
      { path: 'query.week', message: 'only for community-weekly' },
    ]);
  }
  const monday = resolveWeek(request.week ?? 'this', now, ['this', 'last']);
  if (!monday)
    throw new AppError('invalid_input', 'week must be this, last or a date YYYY-MM-DD.', [
      { path: 'query.week', message: 'expected this, last or YYYY-MM-DD' },
    ]);
  return leaderboardPage(em, siteId, publicUrl, board, monday, request.page, request.perPage);
}

/** One board's page; `weekMonday` is used by community-weekly only. */
async function leaderboardPage(
  em: EntityManager,
  siteId: number,
  publicUrl: string,
  board: Leaderboard,
  weekMonday: Date,
  page: number,
  perPage: number,
): Promise<LeaderboardPage> {
  const def = boards[board];
  const weekly = board === 'community-weekly';
  const offset = offsetOf(page, perPage);
  const matches = sql`from ${def.from(weekMonday)} where l.site_id = ${siteId} and ${def.where}`;
  // Ids and total over cheap columns first; the JSON only for the rows of the page.
  const listed = await readPage(
    (statement) => query(em, statement),
    {
      rows: sql<{
        item: Summary;
        metric: LeaderboardPage['items'][number]['metric'];
        total: string;
      }>`with page as (select l.id, ${def.metric} as metric, count(*) over () as total, row_number() over (order by ${def.order}, l.id) as n
       ${matches} order by ${def.order}, l.id ${pageLimit(page, perPage)})
     select ${summaryJson} as item, page.metric, page.total from page join listing l on l.id = page.id order by page.n`,
      count: sql<{ total: string }>`select count(*) as total ${matches}`,
    },
    page,
    perPage,
    (r, i) => ({
      rank: offset + i + 1,
      listing: withUrl(r.item, publicUrl),
      metric: r.metric,
      ...(def.paid ? { paid: true as const, label: 'Paid' as const } : {}),
    }),
  );
  return {
    board,
    title: def.title,
    ranked_by: def.rankedBy,
    paid: def.paid,
    ...(def.paid ? { notice: paidNotice } : {}),
    ...(weekly ? weekSpan(weekMonday) : {}),
    ...listed,
  };
}
