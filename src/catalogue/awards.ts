import type { EntityManager } from '@mikro-orm/postgresql';
import type { AwardsPage } from './schemas.js';
import { isoDate } from '../domain/weeks.js';
import { notFound } from '../errors.js';
import { pageLimit, readPage } from '../platform/paging.js';
import { query, sql } from '../platform/sql.js';
import { isPublic, summaryJson, withUrl, unrestricted, type Summary } from './sql.js';

interface AwardRow {
  week: string;
  rank: number;
  votes: number;
  item: Summary;
}

/** Launch of the Week #1 to #3, newest week first; optionally those of one listing. */
export async function listAwards(
  em: EntityManager,
  siteId: number,
  publicUrl: string,
  listingSlug: string | undefined,
  page: number,
  perPage: number,
): Promise<AwardsPage> {
  if (listingSlug) {
    const [found] = await query(
      em,
      sql`select 1 from listing l where l.site_id = ${siteId} and l.slug = ${listingSlug} and ${isPublic}`,
    );
    if (!found) throw notFound(`Listing ${listingSlug}`);
  }
  const matches = sql`from award a join listing l on l.id = a.listing_id
     where a.site_id = ${siteId}${listingSlug ? sql` and l.slug = ${listingSlug}` : sql``}`;
  return readPage(
    (statement) => query(em, statement),
    {
      rows: sql<AwardRow & { total: string }>`select a.week, a.rank, a.votes, ${summaryJson} as item, count(*) over () as total
       ${matches} order by a.week desc, a.rank ${pageLimit(page, perPage)}`,
      count: sql<{ total: string }>`select count(*) as total ${matches}`,
    },
    page,
    perPage,
    (r) => ({
      title: `Launch of the Week #${r.rank}`,
      week: r.week,
      rank: r.rank,
      votes: r.votes,
      listing: withUrl(r.item, publicUrl),
    }),
  );
}

/**
 * Writes the awards of one week, once: the three listings launched that week with the most
 * counted community votes cast until the week's end, ties to the earlier launch, then the lower id
 * (docs/architecture.md, Publishing). A week already awarded is kept as it is, so a later run (or a vote cast
 * after the week) changes nothing. Returns how many awards it wrote.
 */
export async function writeWeeklyAwards(em: EntityManager, siteId: number, monday: Date): Promise<number> {
  return writeAwards(em, siteId, monday, monday);
}

/**
 * Writes the awards of every week from the one of `firstMonday` to that of `lastMonday`, as
 * writeWeeklyAwards writes each, newest week first, in one statement: one read of the votes, not
 * one a week.
 */
export async function writeAwards(em: EntityManager, siteId: number, firstMonday: Date, lastMonday: Date): Promise<number> {
  const rows = await query<{ id: number }>(
    em,
    sql`with ranked as (
       select l.id, l.launch_week as week, count(v.user_id)::int as votes,
         row_number() over (partition by l.launch_week order by count(v.user_id) desc, l.launched_at, l.id) as rank
       from listing l join vote v on v.listing_id = l.id and v.discount_reason is null
         and v.created_at < (l.launch_week + 7)::timestamp at time zone 'UTC'
       where l.site_id = ${siteId} and l.status = 'live' and ${unrestricted}
         and l.launch_week between ${isoDate(firstMonday)}::date and ${isoDate(lastMonday)}::date
       group by l.id
     )
     insert into award (site_id, week, rank, listing_id, votes)
     select ${siteId}, r.week, r.rank, r.id, r.votes from ranked r
     where r.rank <= 3 and not exists (select 1 from award a where a.site_id = ${siteId} and a.week = r.week)
     order by r.week desc, r.rank
     on conflict (site_id, week, rank) do nothing
     returning id`,
  );
  return rows.length;
}
