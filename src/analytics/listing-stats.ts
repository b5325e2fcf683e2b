import type { EntityManager } from '@mikro-orm/postgresql';
import type { StatsRange } from '../domain/analytics.js';
import {
  dailyRows,
  daysBetween,
  hourlyMedian,
  hourlyRows,
  totalsOf,
  viewsToClicks,
  type HourCount,
} from '../domain/listing-stats.js';
import { addDays, isoDate, mondayOf, parseIsoDate, utcDayStart } from '../domain/weeks.js';
import { notFound } from '../errors.js';
import { query, sql } from '../platform/sql.js';
import type { ListingStats } from './schemas.js';

interface ListingRow {
  id: number;
  slug: string;
  launched_at: string | null;
}

/**
 * Every figure of one listing per hour from `start` (inclusive) to `end` (exclusive): views,
 * clicks, badge impressions and follower views from the hourly rows; votes and follows read from
 * their own tables, which already date each one (so they are never counted twice). A follow made
 * before go-live is a request to be notified at launch.
 */
async function hourCounts(em: EntityManager, listing: ListingRow, start: string, end: string): Promise<HourCount[]> {
  return query(
    em,
    sql<HourCount>`select iso_utc(c.hour) as hour, c.metric, c.n from (
      select t.hour, case t.kind when 'view' then 'views' when 'click' then 'clicks' when 'badge' then 'badge_impressions'
          else 'follower_views' end as metric, sum(t.count)::int as n
        from listing_traffic t where t.listing_id = ${listing.id} and t.hour >= ${start}::timestamptz and t.hour < ${end}::timestamptz
        group by 1, 2
      union all
      select date_trunc('hour', v.created_at, 'UTC'), case when v.discount_reason is null then 'votes_counted' else 'votes_discounted' end,
          count(*)::int
        from vote v where v.listing_id = ${listing.id} and v.created_at >= ${start}::timestamptz and v.created_at < ${end}::timestamptz
        group by 1, 2
      union all
      select date_trunc('hour', f.created_at, 'UTC'),
          case when f.created_at < coalesce(${listing.launched_at}::timestamptz, 'infinity') then 'notify_me' else 'follows' end, count(*)::int
        from follow f where f.listing_id = ${listing.id} and f.created_at >= ${start}::timestamptz and f.created_at < ${end}::timestamptz
        group by 1, 2
    ) c order by c.hour`,
  );
}

/** Clicks of the range by place or by referring host, most first. */
async function clicksBy(em: EntityManager, listingId: number, start: string, end: string) {
  const [row] = await query(
    em,
    sql<Pick<ListingStats, 'clicks'>>`with t as (select place, referrer_host, count from listing_traffic
        where listing_id = ${listingId} and kind = 'click' and hour >= ${start}::timestamptz and hour < ${end}::timestamptz)
      select json_build_object(
        'by_place', (select coalesce(json_agg(json_build_object('place', place, 'clicks', n) order by n desc, place), '[]')
          from (select place, sum(count)::int as n from t group by place) p),
        'by_referrer', (select coalesce(json_agg(json_build_object('host', nullif(referrer_host, ''), 'clicks', n) order by n desc, referrer_host), '[]')
          from (select referrer_host, sum(count)::int as n from t group by referrer_host) r)) as clicks`,
  );
  return row.clicks;
}

/** The launch day's counted votes per hour of every live listing of the week: the median, and the top three's. */
async function weekComparison(em: EntityManager, siteId: number, week: string, day: string) {
  const dayStart = utcDayStart(parseIsoDate(day)!);
  const rows = await query(
    em,
    sql<{ slug: string; name: string; votes: number[] }>`with w as (select l.id, l.slug, l.name, l.vote_count from listing l
        where l.site_id = ${siteId} and l.launch_week = ${week}::date and l.status = 'live'),
      v as (select v.listing_id, extract(hour from v.created_at at time zone 'UTC')::int as h, count(*)::int as n
        from vote v join w on w.id = v.listing_id
        where v.discount_reason is null and v.created_at >= ${dayStart}::timestamptz and v.created_at < ${dayStart}::timestamptz + interval '1 day'
        group by 1, 2)
      select w.slug, w.name,
        array(select coalesce((select v.n from v where v.listing_id = w.id and v.h = g), 0) from generate_series(0, 23) g order by g) as votes
      from w order by w.vote_count desc, w.id`,
  );
  return { week_median_votes: hourlyMedian(rows.map((r) => r.votes)), week_top_three: rows.slice(0, 3) };
}

/** get_listing_stats: the figures of one of the owner's listings over `range`; another's is 404. */
export async function listingStats(
  em: EntityManager,
  siteId: number,
  ownerId: number,
  listingId: number,
  range: StatsRange,
): Promise<ListingStats> {
  const [listing] = await query(
    em,
    sql<ListingRow>`select l.id, l.slug, iso_utc(l.launched_at) as launched_at from listing l
      where l.id = ${listingId} and l.owner_id = ${ownerId} and l.site_id = ${siteId}`,
  );
  if (!listing) throw notFound(`Listing ${listingId}`);
  const start = utcDayStart(parseIsoDate(range.from)!);
  const end = utcDayStart(addDays(parseIsoDate(range.to)!, 1));
  const counts = await hourCounts(em, listing, start, end);
  const totals = totalsOf(counts);
  const stats: ListingStats = {
    listing_id: listing.id,
    slug: listing.slug,
    from: range.from,
    to: range.to,
    launched_at: listing.launched_at,
    totals,
    clicks: await clicksBy(em, listing.id, start, end),
    days: dailyRows(daysBetween(range.from, range.to), counts),
    launch_day: null,
    launch_week: null,
    views_to_clicks: viewsToClicks(totals),
  };
  if (!listing.launched_at) return stats;
  const launchDay = isoDate(new Date(listing.launched_at));
  // The week it went live in (its launch week, unless a lifecycle moved it).
  const week = isoDate(mondayOf(new Date(listing.launched_at)));
  const weekDays = daysBetween(week, isoDate(addDays(parseIsoDate(week)!, 6)));
  const weekCounts = await hourCounts(
    em,
    listing,
    utcDayStart(parseIsoDate(week)!),
    utcDayStart(addDays(parseIsoDate(week)!, 7)),
  );
  stats.launch_day = {
    date: launchDay,
    hours: hourlyRows(launchDay, weekCounts),
    ...(await weekComparison(em, siteId, week, launchDay)),
  };
  stats.launch_week = { week, days: dailyRows(weekDays, weekCounts) };
  return stats;
}
