import type { EntityManager } from '@mikro-orm/postgresql';
import type { LaunchFeed, LaunchWeek, ListingSummary } from './schemas.js';
import type { LaunchSection, UpcomingOrder } from '../domain/catalogue-terms.js';
import { offsetOf, type Page } from '../domain/pagination.js';
import { addDays, isoDate, mondayOf, resolveWeek, utcDayStart, weekSpan, weekState } from '../domain/weeks.js';
import { notFound } from '../errors.js';
import type { ListingPlan } from '../domain/listing-status.js';
import { pageLimit, readPage } from '../platform/paging.js';
import { placesTaken } from '../publishing/slots.js';
import { query, sql, type Sql } from '../platform/sql.js';
import { summaryJson, trendingScore, withUrl, unrestricted, type Summary } from './sql.js';

/** The wide listing rows, whose indexes serve launch times and weeks. */
const listings = sql`listing l`;
/**
 * The narrow copy of the columns these orders need: walked by its votes index, or scanned whole
 * for a total, faster than the wide rows (and a vote must not touch listing's indexes).
 */
const counters = sql`search_listing l`;

/** Each section of the launch feed: which listings (from which table, as `l`), in what order. */
function sectionQuery(section: LaunchSection, now: Date): { from: Sql; where: Sql; order: Sql } {
  const thisMonday = isoDate(mondayOf(now));
  // search_listing (counters) already gives a restricted listing the status `restricted`.
  const live = sql`l.status = 'live' and ${unrestricted}`;
  const liveCounted = sql`l.status = 'live'`;
  switch (section) {
    case 'today':
      return {
        from: listings,
        where: sql`${live} and l.launched_at >= ${utcDayStart(now)}::timestamptz and l.launched_at < ${utcDayStart(addDays(now, 1))}::timestamptz`,
        order: sql`l.vote_count desc`,
      };
    case 'this-week':
      return { from: listings, where: sql`${live} and l.launch_week = ${thisMonday}::date`, order: sql`l.vote_count desc` };
    case 'trending':
      return {
        from: listings,
        where: sql`${live} and l.launched_at > now() - interval '30 days'`,
        order: sql`${trendingScore} desc`,
      };
    case 'most-voted':
      return { from: counters, where: liveCounted, order: sql`l.vote_count desc` };
    case 'recent':
      return { from: listings, where: live, order: sql`l.launched_at desc` };
    case 'most-viewed':
      return { from: counters, where: liveCounted, order: sql`l.view_count desc` };
    case 'most-followed':
      return { from: counters, where: liveCounted, order: sql`l.follower_count desc` };
    case 'upcoming':
      return {
        from: listings,
        where: sql`l.status = 'scheduled' and ${unrestricted} and l.launch_week > ${thisMonday}::date`,
        order: sql`l.launch_week, l.follower_count desc`,
      };
  }
}

async function pageOfListings(
  em: EntityManager,
  siteId: number,
  publicUrl: string,
  { from, where, order }: { from: Sql; where: Sql; order: Sql },
  page: number,
  perPage: number,
): Promise<Page<ListingSummary>> {
  const matches = sql`from ${from} where l.site_id = ${siteId} and ${where}`;
  // Ids and total over cheap columns first; the JSON only for the rows of the page.
  return readPage(
    (statement) => query(em, statement),
    {
      rows: sql<{
        item: Summary;
        total: string;
      }>`with page as (select l.id, count(*) over () as total, row_number() over (order by ${order}, l.id) as n
       ${matches} order by ${order}, l.id ${pageLimit(page, perPage)})
     select ${summaryJson} as item, page.total from page join listing l on l.id = page.id order by page.n`,
      count: sql<{ total: string }>`select count(*) as total ${matches}`,
    },
    page,
    perPage,
    (r) => withUrl(r.item, publicUrl),
  );
}

export async function listLaunches(
  em: EntityManager,
  siteId: number,
  publicUrl: string,
  section: LaunchSection,
  page: number,
  perPage: number,
  now: Date,
): Promise<LaunchFeed> {
  return { section, ...(await pageOfListings(em, siteId, publicUrl, sectionQuery(section, now), page, perPage)) };
}

/**
 * A launch week: past and current weeks rank their live launches by votes; a future week lists
 * the launches scheduled for it. A reference that names no week is 404. The current and coming
 * weeks say how many launch places each plan has left (`capacity` per week, counted as the
 * queue and the order quote count them), so a buyer picks a week that can take them.
 */
export async function getLaunchWeek(
  em: EntityManager,
  siteId: number,
  publicUrl: string,
  reference: string,
  { page, per_page: perPage, order: upcomingOrder }: { page: number; per_page: number; order: UpcomingOrder },
  now: Date,
  capacity: Record<ListingPlan, number>,
): Promise<LaunchWeek> {
  const monday = resolveWeek(reference, now);
  if (!monday) throw notFound(`Week ${reference}`);
  const state = weekState(monday, now);
  const listed = sql`l.status = ${state === 'upcoming' ? 'scheduled' : 'live'} and ${unrestricted}`;
  // Before launch a listing's followers are the people who asked to be notified.
  const upcoming = upcomingOrder === 'interest' ? sql`l.follower_count desc, l.name` : sql`l.name`;
  const order = state === 'upcoming' ? upcoming : sql`l.vote_count desc`;
  const launches = await pageOfListings(
    em,
    siteId,
    publicUrl,
    { from: listings, where: sql`${listed} and l.launch_week = ${isoDate(monday)}::date`, order },
    page,
    perPage,
  );
  const offset = offsetOf(page, perPage);
  const taken = state === 'past' ? null : await placesTaken(em, siteId, isoDate(monday));
  return {
    ...weekSpan(monday),
    state,
    open_slots: taken && {
      free: Math.max(0, capacity.free - taken.free),
      paid: Math.max(0, capacity.paid - taken.paid),
    },
    ranked_by:
      state === 'upcoming'
        ? `scheduled launches, not ranked: ${upcomingOrder === 'interest' ? 'most notify-me requests first' : 'by name'}`
        : 'community votes',
    ...launches,
    items: launches.items.map((item, i) => (state === 'upcoming' ? item : { rank: offset + i + 1, ...item })),
  };
}
