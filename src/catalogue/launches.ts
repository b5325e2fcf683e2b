import type { EntityManager } from '@mikro-orm/postgresql';
import type { LaunchSection } from '../domain/catalogue-terms.js';
import { offsetOf, pageOf, type Page } from '../domain/pagination.js';
import { addDays, isoDate, mondayOf, resolveWeek, weekSpan, weekState } from '../domain/weeks.js';
import { notFound } from '../errors.js';
import { query, summaryJson, withUrl, type Json, type Summary } from './sql.js';

const trendingOrder = `l.vote_count / power(greatest(extract(epoch from now() - l.launched_at) / 3600, 0) + 2, 1.5) desc`;

/** Each section of the launch feed: which listings, in what order. */
function sectionQuery(section: LaunchSection, now: Date): { where: string; params: unknown[]; order: string } {
  const thisMonday = isoDate(mondayOf(now));
  const live = `l.status = 'live'`;
  switch (section) {
    case 'today':
      return { where: `${live} and l.launched_at >= ?::date and l.launched_at < ?::date`, params: [isoDate(now), isoDate(addDays(now, 1))], order: 'l.vote_count desc' };
    case 'this-week':
      return { where: `${live} and l.launch_week = ?::date`, params: [thisMonday], order: 'l.vote_count desc' };
    case 'trending':
      return { where: `${live} and l.launched_at > now() - interval '30 days'`, params: [], order: trendingOrder };
    case 'most-voted':
      return { where: live, params: [], order: 'l.vote_count desc' };
    case 'recent':
      return { where: live, params: [], order: 'l.launched_at desc' };
    case 'most-viewed':
      return { where: live, params: [], order: 'l.view_count desc' };
    case 'most-followed':
      return { where: live, params: [], order: 'l.follower_count desc' };
    case 'upcoming':
      return { where: `l.status = 'scheduled' and l.launch_week > ?::date`, params: [thisMonday], order: 'l.launch_week, l.follower_count desc' };
  }
}

async function pageOfListings(em: EntityManager, siteId: number, publicUrl: string, where: string, params: unknown[], order: string, page: number, perPage: number): Promise<Page<Summary>> {
  // Ids and total over cheap columns first; the JSON only for the rows of the page.
  const rows = await query<{ item: Summary; total: string }>(
    em,
    `with page as (select l.id, count(*) over () as total, row_number() over (order by ${order}, l.id) as n from listing l
       where l.site_id = ? and ${where} order by ${order}, l.id limit ? offset ?)
     select ${summaryJson()} as item, page.total from page join listing l on l.id = page.id order by page.n`,
    [siteId, ...params, perPage, offsetOf(page, perPage)],
  );
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && page > 1) {
    const [counted] = await query<{ total: string }>(em, `select count(*) as total from listing l where l.site_id = ? and ${where}`, [siteId, ...params]);
    total = Number(counted.total);
  }
  return pageOf(rows.map((r) => withUrl(r.item, publicUrl)), total, page, perPage);
}

export async function listLaunches(em: EntityManager, siteId: number, publicUrl: string, section: LaunchSection, page: number, perPage: number, now: Date): Promise<Json> {
  const { where, params, order } = sectionQuery(section, now);
  return { section, ...(await pageOfListings(em, siteId, publicUrl, where, params, order, page, perPage)) };
}

/**
 * A launch week: past and current weeks rank their live launches by votes; a future week lists
 * the launches scheduled for it. A reference that names no week is 404.
 */
export async function getLaunchWeek(em: EntityManager, siteId: number, publicUrl: string, reference: string, page: number, perPage: number, now: Date): Promise<Json> {
  const monday = resolveWeek(reference, now);
  if (!monday) throw notFound(`Week ${reference}`);
  const state = weekState(monday, now);
  const listed = state === 'upcoming' ? `l.status = 'scheduled'` : `l.status = 'live'`;
  const order = state === 'upcoming' ? 'l.follower_count desc, l.name' : 'l.vote_count desc';
  const launches = await pageOfListings(em, siteId, publicUrl, `${listed} and l.launch_week = ?::date`, [isoDate(monday)], order, page, perPage);
  const offset = offsetOf(page, perPage);
  return {
    ...weekSpan(monday),
    state,
    ranked_by: state === 'upcoming' ? 'scheduled launches, not ranked' : 'community votes',
    ...launches,
    items: launches.items.map((item, i) => (state === 'upcoming' ? item : { rank: offset + i + 1, ...item })),
  };
}
