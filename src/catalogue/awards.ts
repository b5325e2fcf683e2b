import type { EntityManager } from '@mikro-orm/postgresql';
import { offsetOf, pageOf } from '../domain/pagination.js';
import { addWeeks, isoDate } from '../domain/weeks.js';
import { notFound } from '../errors.js';
import { query, summaryJson, withUrl, type Summary } from './sql.js';

/** Launch of the Week #1 to #3, newest week first; optionally those of one listing. */
export async function listAwards(em: EntityManager, siteId: number, publicUrl: string, listingSlug: string | undefined, page: number, perPage: number): Promise<object> {
  const where = ['a.site_id = ?'];
  const params: unknown[] = [siteId];
  if (listingSlug) {
    const [found] = await query(em, `select 1 from listing where site_id = ? and slug = ? and status in ('live', 'scheduled')`, [siteId, listingSlug]);
    if (!found) throw notFound(`Listing ${listingSlug}`);
    where.push('l.slug = ?');
    params.push(listingSlug);
  }
  const rows = await query<{ week: string; rank: number; votes: number; item: Summary; total: string }>(
    em,
    `select a.week, a.rank, a.votes, ${summaryJson()} as item, count(*) over () as total
     from award a join listing l on l.id = a.listing_id
     where ${where.join(' and ')} order by a.week desc, a.rank limit ? offset ?`,
    [...params, perPage, offsetOf(page, perPage)],
  );
  const items = rows.map((r) => ({
    title: `Launch of the Week #${r.rank}`,
    week: r.week,
    rank: r.rank,
    votes: r.votes,
    listing: withUrl(r.item, publicUrl),
  }));
  return pageOf(items, rows.length ? Number(rows[0].total) : 0, page, perPage);
}

/**
 * Writes the awards of one week: the three live launches of that week with the most community
 * votes cast during it. Idempotent: running it again for the same week rewrites the same rows.
 */
export async function writeWeeklyAwards(em: EntityManager, siteId: number, monday: Date): Promise<number> {
  const week = isoDate(monday);
  const rows = await query(
    em,
    `with ranked as (
       select l.id, count(v.user_id)::int as votes, row_number() over (order by count(v.user_id) desc, l.id) as rank
       from listing l join vote v on v.listing_id = l.id and v.created_at >= ?::date and v.created_at < ?::date
       where l.site_id = ? and l.status = 'live' and l.launch_week = ?::date
       group by l.id
     )
     insert into award (site_id, week, rank, listing_id, votes)
     select ?, ?::date, rank, id, votes from ranked where rank <= 3
     on conflict (site_id, week, rank) do update set listing_id = excluded.listing_id, votes = excluded.votes
     returning id`,
    [week, isoDate(addWeeks(monday, 1)), siteId, week, siteId, week],
  );
  return rows.length;
}
