import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { addDays, addWeeks, isoDate, mondayOf, utcDayStart } from '../../src/domain/weeks.js';
import { writeWeeklyAwards } from '../../src/catalogue/awards.js';
import { addCategory, addListing, addVotes, sql, weeksFromNow } from './fixtures.js';

let app: TestApp;
const get = (path: string) => request(`${app.api}${path}`);
const slugs = (items: Array<{ slug: string }>) => items.map((i) => i.slug);

beforeAll(async () => {
  app = await startTestApp({ worker: false });
  await addCategory(app, 'design', 'Design');
  await addCategory(app, 'icons', 'Icons', 'design');
  await addCategory(app, 'empty-corner', 'Empty corner');
  const lastWeek = weeksFromNow(-1);
  const a = await addListing(app, {
    slug: 'icon-forge',
    name: 'Icon Forge',
    categories: ['icons'],
    launched_at: addDays(lastWeek, 1),
  });
  const b = await addListing(app, {
    slug: 'palette-pal',
    name: 'Palette Pal',
    categories: ['design'],
    launched_at: addDays(lastWeek, 2),
  });
  const c = await addListing(app, { slug: 'today-tool', name: 'Today Tool', categories: ['design'] });
  await addListing(app, { slug: 'next-week-app', name: 'Next Week App', status: 'scheduled', launch_week: weeksFromNow(1) });
  await addVotes(app, a, 7, addDays(lastWeek, 2));
  await addVotes(app, b, 4, addDays(lastWeek, 3));
  await addVotes(app, c, 2);
  await sql(app, 'insert into billboard_contribution (listing_id, amount_cents) values (?, 5000), (?, 2500)', [b, b]);
  await sql(app, `insert into domain_rating_snapshot (listing_id, measured_on, value) values (?, '2026-10-01', 40)`, [a]);
  await sql(app, `insert into revenue_figure (listing_id, month, amount_cents) values (?, '2026-10-01', 1234500)`, [c]);
  await writeWeeklyAwards(app.deps.orm.em.fork(), app.deps.site.id, lastWeek);
});
afterAll(() => app.close());

describe('list_categories', () => {
  it('returns the tree with live listing counts including subcategories', async () => {
    const res = await get('/categories');
    expect(res.status).toBe(200);
    const design = res.body.items.find((c: { slug: string }) => c.slug === 'design');
    expect(design).toEqual(
      expect.objectContaining({
        live_listings: 3,
        subcategories: [expect.objectContaining({ slug: 'icons', live_listings: 1 })],
      }),
    );
    expect(slugs(res.body.items)).toContain('empty-corner');
    expect(slugs((await get('/categories?include_empty=false')).body.items)).toEqual(['design']);
    expect((await get('/categories?include_empty=maybe')).status).toBe(400);
  });
});

describe('get_category', () => {
  it('returns description, FAQs, parent, subcategories and live listings most voted first', async () => {
    const res = await get('/categories/design?per_page=2');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({ slug: 'design', description: 'All about Design.', parent: null, faqs: [expect.any(Object)] }),
    );
    expect(res.body.subcategories).toEqual([{ slug: 'icons', name: 'Icons', live_listings: 1 }]);
    expect(slugs(res.body.listings.items)).toEqual(['icon-forge', 'palette-pal']);
    expect(res.body.listings).toEqual(expect.objectContaining({ total: 3, total_pages: 2 }));
    expect((await get('/categories/icons')).body.parent).toEqual({ slug: 'design', name: 'Design' });
    expect((await get('/categories/nope')).status).toBe(404);
    expect((await get('/categories/design?page=1001')).status).toBe(400);
  });
});

describe('get_launch_week', () => {
  it('snaps a date to its Monday and ranks live launches by votes', async () => {
    const lastMonday = weeksFromNow(-1);
    const res = await get(`/launches/weeks/${isoDate(addDays(lastMonday, 4))}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({ week: isoDate(lastMonday), ends_on: isoDate(addDays(lastMonday, 6)), state: 'past' }),
    );
    expect(res.body.items.map((i: { slug: string; rank: number }) => [i.rank, i.slug])).toEqual([
      [1, 'icon-forge'],
      [2, 'palette-pal'],
    ]);
    expect((await get('/launches/weeks/last')).body.week).toBe(isoDate(lastMonday));
    expect((await get('/launches/weeks/this')).body).toEqual(
      expect.objectContaining({ week: isoDate(mondayOf(new Date())), state: 'current' }),
    );
  });

  it('lists what is scheduled for a future week', async () => {
    const res = await get('/launches/weeks/next');
    expect(res.body.state).toBe('upcoming');
    expect(slugs(res.body.items)).toEqual(['next-week-app']);
  });

  it('answers 404 for a malformed week and 400 for one longer than 10 characters', async () => {
    for (const week of ['someday', '2026-02-30', '2026-13-01']) expect((await get(`/launches/weeks/${week}`)).status).toBe(404);
    expect((await get('/launches/weeks/2026-01-011')).status).toBe(400);
  });
});

describe('list_launches', () => {
  it('serves every section', async () => {
    expect(slugs((await get('/launches?section=today')).body.items)).toEqual(['today-tool']);
    expect(slugs((await get('/launches')).body.items)).toEqual(['today-tool']);
    expect(slugs((await get('/launches?section=most-voted')).body.items)).toEqual(['icon-forge', 'palette-pal', 'today-tool']);
    expect(slugs((await get('/launches?section=recent')).body.items)[0]).toBe('today-tool');
    expect(slugs((await get('/launches?section=upcoming')).body.items)).toEqual(['next-week-app']);
    for (const section of ['trending', 'most-viewed', 'most-followed'])
      expect((await get(`/launches?section=${section}`)).status).toBe(200);
    expect((await get('/launches?section=yesterday')).status).toBe(400);
  });
});

describe('paging past the last page', () => {
  it('gives the exact total of a launch section, a week and a leaderboard on a page with no items', async () => {
    for (const path of ['/launches?section=most-voted', '/launches/weeks/last', '/leaderboards/community-all-time']) {
      const first = (await get(`${path}${path.includes('?') ? '&' : '?'}per_page=1`)).body;
      expect(first.total).toBeGreaterThan(0);
      const past = (await get(`${path}${path.includes('?') ? '&' : '?'}per_page=1&page=${first.total + 2}`)).body;
      expect(past).toEqual(
        expect.objectContaining({ items: [], page: first.total + 2, total: first.total, total_pages: first.total }),
      );
    }
  });
});

describe('get_leaderboard', () => {
  it('ranks the weekly community board by votes cast in the week', async () => {
    const res = await get('/leaderboards/community-weekly?week=last');
    expect(res.status).toBe(200);
    expect(res.body.paid).toBe(false);
    expect(
      res.body.items.map((i: { rank: number; listing: { slug: string }; metric: object }) => [i.rank, i.listing.slug, i.metric]),
    ).toEqual([
      [1, 'icon-forge', { votes: 7 }],
      [2, 'palette-pal', { votes: 4 }],
    ]);
    expect(
      slugs((await get('/leaderboards/community-weekly')).body.items.map((i: { listing: { slug: string } }) => i.listing)),
    ).toEqual(['today-tool']);
  });

  it('labels the billboard and each of its items as paid', async () => {
    const res = await get('/leaderboards/billboard');
    expect(res.body).toEqual(
      expect.objectContaining({ board: 'billboard', paid: true, notice: expect.stringContaining('Paid') }),
    );
    expect(res.body.items).toEqual([
      expect.objectContaining({ rank: 1, paid: true, label: 'Paid', metric: { amount_cents: 7500, currency: 'USD' } }),
    ]);
  });

  it('keeps all-time votes, Domain Rating and revenue apart', async () => {
    expect((await get('/leaderboards/community-all-time')).body.items[0].metric).toEqual({ votes: 7 });
    expect((await get('/leaderboards/domain-rating')).body.items).toEqual([
      expect.objectContaining({ metric: { domain_rating: 40, measured_on: '2026-10-01' } }),
    ]);
    expect((await get('/leaderboards/revenue')).body.items).toEqual([
      expect.objectContaining({ metric: { monthly_revenue_cents: 1234500, month: '2026-10-01', currency: 'USD' } }),
    ]);
  });

  it('answers 404 for an unknown board and 400 for a misplaced or malformed week', async () => {
    expect((await get('/leaderboards/fastest')).status).toBe(404);
    expect((await get('/leaderboards/billboard?week=last')).status).toBe(400);
    expect((await get('/leaderboards/community-weekly?week=next')).status).toBe(400);
    expect((await get('/leaderboards/community-weekly?week=2026-01-011')).status).toBe(400);
  });
});

describe('list_awards', () => {
  it('lists Launch of the Week winners by community votes, newest week first', async () => {
    const res = await get('/awards');
    expect(res.status).toBe(200);
    expect(
      res.body.items.map((a: { title: string; listing: { slug: string }; votes: number }) => [a.title, a.listing.slug, a.votes]),
    ).toEqual([
      ['Launch of the Week #1', 'icon-forge', 7],
      ['Launch of the Week #2', 'palette-pal', 4],
    ]);
    expect((await get('/awards?listing=palette-pal')).body.items).toHaveLength(1);
    expect((await get('/awards?listing=no-such')).status).toBe(404);
  });

  it('gives the exact total on a page past the last one', async () => {
    expect((await get('/awards?page=3&per_page=1')).body).toEqual({ items: [], page: 3, per_page: 1, total: 2, total_pages: 2 });
    expect((await get('/awards?listing=palette-pal&page=2')).body).toEqual({
      items: [],
      page: 2,
      per_page: 20,
      total: 1,
      total_pages: 1,
    });
  });

  it('writes the same awards when run twice for a week', async () => {
    await writeWeeklyAwards(app.deps.orm.em.fork(), app.deps.site.id, weeksFromNow(-1));
    expect((await get('/awards')).body.total).toBe(2);
  });
});

describe('days and weeks in a database whose sessions are not in UTC', () => {
  // UTC+14: a day or week started in the session's zone would begin ten hours early in UTC.
  let far: TestApp;
  const farGet = (path: string) => request(`${far.api}${path}`);
  const todayStart = new Date(utcDayStart(new Date()));
  const thisMonday = mondayOf(new Date());

  beforeAll(async () => {
    far = await startTestApp({ worker: false, databaseTimeZone: 'Pacific/Kiritimati' });
    await addCategory(far, 'design', 'Design');
    await addListing(far, {
      slug: 'early-today',
      name: 'Early Today',
      categories: ['design'],
      launched_at: addMinutes(todayStart, 30),
    });
    await addListing(far, {
      slug: 'late-yesterday',
      name: 'Late Yesterday',
      categories: ['design'],
      launched_at: addMinutes(todayStart, -30),
    });
    const voted = await addListing(far, {
      slug: 'voted',
      name: 'Voted',
      categories: ['design'],
      launched_at: addDays(thisMonday, -3),
    });
    const before = await addListing(far, {
      slug: 'voted-before',
      name: 'Voted Before',
      categories: ['design'],
      launched_at: addDays(thisMonday, -3),
    });
    await addVotes(far, voted, 2, addMinutes(thisMonday, 30));
    await addVotes(far, before, 3, addMinutes(thisMonday, -30));
  });
  afterAll(() => far.close());

  it('counts a launch in the UTC day it happened', async () => {
    expect(slugs((await farGet('/launches?section=today')).body.items)).toEqual(['early-today']);
  });

  it('counts a vote in the UTC week it was cast', async () => {
    const board = await farGet('/leaderboards/community-weekly');
    expect(board.body.items.map((i: { listing: { slug: string } }) => i.listing.slug)).toEqual(['voted']);
  });

  it('awards last week by the votes cast before its UTC end', async () => {
    await writeWeeklyAwards(far.deps.orm.em.fork(), far.deps.site.id, addWeeks(thisMonday, -1));
    const awards = await farGet('/awards');
    expect(awards.body.items.map((a: { listing: { slug: string }; votes: number }) => [a.listing.slug, a.votes])).toEqual([
      ['voted-before', 3],
    ]);
  });
});

function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}
