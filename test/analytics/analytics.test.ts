import type { ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { TrafficCounter } from '../../src/analytics/counting.js';
import { purgePastDays } from '../../src/analytics/housekeeping.js';
import { repeatKey } from '../../src/domain/analytics.js';
import { addDays, isoDate, mondayOf } from '../../src/domain/weeks.js';
import type { ReadPool } from '../../src/platform/sql.js';
import { startApiProcess } from '../support/api-process.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { WebClient } from '../support/web-client.js';
import { addListing, addUser, addVotes, sql, weeksFromNow } from '../catalogue/fixtures.js';
import { ownerWithKey, type Owner } from '../listings/support.js';

let app: TestApp;
let owner: Owner;
let stranger: Owner;
let launchpadId: number;
let launchedAt: Date;
const website = 'https://launchpad.example/start?utm_source=x&q=a%20b#pricing';

/** A browser of its own: the repeat guard tells visitors apart by address and user agent, and every test request comes from 127.0.0.1. */
const browser = (name: string = randomUUID()) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Probe/${name}`;
const bot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const go = (path: string, headers: Record<string, string> = {}, origin = app.url) =>
  fetch(`${origin}${path}`, { redirect: 'manual', headers: { 'user-agent': browser(), ...headers } });
/** The figures once this process has written the visits it noted (they wait up to a second otherwise). */
const stats = async (query = '') => {
  await app.deps.traffic.flush();
  const res = await owner.call('GET', `/me/listings/${launchpadId}/stats${query}`);
  expect(res.status).toBe(200);
  return res.body;
};

beforeAll(async () => {
  app = await startTestApp({ worker: false });
  owner = await ownerWithKey(app, 'maker@example.test');
  stranger = await ownerWithKey(app, 'stranger@example.test');
  // Launched at the start of this hour: the same day and week as the listings launched now.
  launchedAt = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
  launchpadId = await addListing(app, {
    slug: 'launchpad',
    name: 'Launchpad',
    owner: owner.id,
    launched_at: launchedAt,
    domain: 'launchpad.example',
  });
  await sql(app, 'update listing set website_url = ? where id = ?', [website, launchpadId]);
  await addListing(app, { slug: 'rival', name: 'Rival', launched_at: launchedAt, domain: 'rival.example' });
  await addListing(app, { slug: 'tagged', name: 'Tagged', domain: 'tagged.example' });
  await sql(app, "update listing set website_url = 'https://tagged.example/?ref=partner' where slug = 'tagged'");
  await addListing(app, {
    slug: 'soon',
    name: 'Soon',
    status: 'scheduled',
    launch_week: weeksFromNow(2),
    domain: 'soon.example',
  });
  await addListing(app, { slug: 'secret', name: 'Secret', status: 'draft', domain: 'secret.example' });
});
const started: ChildProcess[] = [];
afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await app?.close();
});

describe('/go/<slug>', () => {
  it("sends the visitor to the listing's own website with ref added, its query and fragment kept", async () => {
    const res = await go('/go/launchpad?via=leaderboard');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(
      `https://launchpad.example/start?utm_source=x&q=a%20b&ref=${app.deps.site.key}#pricing`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    // A ref the website already has stands; an upcoming listing is public too.
    expect((await go('/go/tagged')).headers.get('location')).toBe('https://tagged.example/?ref=partner');
    expect((await go('/go/soon?via=week')).headers.get('location')).toBe(`https://soon.example/?ref=${app.deps.site.key}`);
  });

  it('is 404 for a listing that is not public, unknown or malformed', async () => {
    for (const path of ['/go/secret', '/go/nothing-here', '/go/Not_A_Slug', '/go/%2F%2Fevil.example']) {
      const res = await go(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('location')).toBeNull();
    }
  });

  it('never sends anyone anywhere but the listing website, whatever the request says', async () => {
    const tries = [
      '/go/launchpad?via=https://evil.example',
      '/go/launchpad?url=https://evil.example&next=//evil.example&redirect=https://evil.example',
      '/go/launchpad/?via=%0d%0aLocation:%20https://evil.example',
      '/go//evil.example',
      '/go/launchpad%2F..%2F..%2Fevil.example',
    ];
    for (const path of tries) {
      const res = await go(path, { host: 'evil.example', 'x-forwarded-host': 'evil.example', referer: 'https://evil.example/' });
      const location = res.headers.get('location');
      if (location !== null) expect(new URL(location).origin).toBe('https://launchpad.example');
      else expect(res.status).toBe(404);
    }
  });
});

describe('counting', () => {
  it('counts clicks by place and referring host, leaving out bots and repeats within 30 minutes', async () => {
    const before = (await stats()).totals.clicks;
    const ann = browser('ann');
    await go('/go/launchpad?via=listing', { 'user-agent': ann, referer: `${app.url}/listings/launchpad?secret=1` });
    await go('/go/launchpad?via=listing', { 'user-agent': ann, referer: `${app.url}/listings/launchpad` });
    await go('/go/launchpad?from=search', { 'user-agent': ann, referer: 'https://news.example/item?id=42' });
    await go('/go/launchpad?via=nowhere', { 'user-agent': browser('bob') });
    await go('/go/launchpad?via=listing', { 'user-agent': bot });
    await go('/go/launchpad?via=listing', { 'user-agent': '' });
    await go('/go/launchpad?via=listing', { 'user-agent': browser('eve'), 'sec-purpose': 'prefetch' });
    await fetch(`${app.url}/go/launchpad?via=listing`, {
      method: 'HEAD',
      redirect: 'manual',
      headers: { 'user-agent': browser('eve') },
    });
    const after = await stats();
    expect(after.totals.clicks - before).toBe(3);
    const placeOf = (place: string) => after.clicks.by_place.find((p: { place: string }) => p.place === place)?.clicks ?? 0;
    expect(placeOf('listing')).toBe(1);
    expect(placeOf('search')).toBe(1);
    expect(placeOf('other')).toBeGreaterThanOrEqual(1);
    const hosts = after.clicks.by_referrer.map((r: { host: string | null }) => r.host);
    expect(hosts).toEqual(expect.arrayContaining(['127.0.0.1', 'news.example', null]));
    expect(JSON.stringify(after.clicks)).not.toContain('secret=1');
    const clicks = after.clicks.by_place.map((p: { clicks: number }) => p.clicks);
    expect(clicks).toEqual([...clicks].sort((a, b) => b - a));

    // Once 30 minutes have passed since the counted click, the same visitor's click counts again.
    await sql(app, "update analytics_repeat set seen_at = seen_at - interval '31 minutes'");
    await go('/go/launchpad?via=listing', { 'user-agent': ann });
    expect((await stats()).totals.clicks - before).toBe(4);
  });

  it('counts page views and badge impressions once per visitor within 30 minutes, never for bots', async () => {
    const before = (await stats()).totals;
    const carol = browser('carol');
    for (const ua of [carol, carol, bot]) {
      expect((await request(`${app.url}/listings/launchpad`, { headers: { 'user-agent': ua } })).status).toBe(200);
      expect((await request(`${app.url}/badges/launchpad/standard-dark-m.svg`, { headers: { 'user-agent': ua } })).status).toBe(
        200,
      );
    }
    // A badge shown by our own pages (the owner's preview, the badge choice) is not shown on the product's site.
    const own = { 'user-agent': browser('dave'), 'sec-fetch-site': 'same-origin' };
    expect((await request(`${app.url}/badges/launchpad/standard-dark-m.svg`, { headers: own })).status).toBe(200);
    const after = (await stats()).totals;
    expect(after.views - before.views).toBe(1);
    expect(after.badge_impressions - before.badge_impressions).toBe(1);
  });

  it("counts a signed-in follower's view after go-live, and follows before it as notify-me requests", async () => {
    const dana = new WebClient(app.url);
    await dana.signIn(app, 'dana@example.test');
    const page = await dana.get('/listings/launchpad');
    await dana.submit(page, '/listings/launchpad/follow', {});
    const earlier = await addUser(app, 'early@example.test');
    await sql(app, 'insert into follow (listing_id, user_id, created_at) values (?, ?, ?)', [
      launchpadId,
      earlier,
      new Date(launchedAt.getTime() - 60_000).toISOString(),
    ]);
    const before = (await stats()).totals.follower_views;
    await dana.request('/listings/launchpad', { headers: { 'user-agent': browser('dana') } });
    const { totals } = await stats();
    expect(totals.follower_views - before).toBe(1);
    expect(totals.follows).toBe(1);
    expect(totals.notify_me).toBe(1);
  });
});

describe('counting in batches', () => {
  it('counts the same visitor twice in one batch once, each in the hour of the visit', async () => {
    const before = (await stats()).totals.clicks;
    const anHourAgo = new Date(Date.now() - 3_600_000);
    // No flush until both are noted: one batch holds them.
    await app.deps.traffic.stop();
    try {
      const fay = browser('fay');
      for (const ua of [fay, fay, browser('gil')])
        expect((await go('/go/launchpad?via=founder', { 'user-agent': ua })).status).toBe(302);
      const visit = { kind: 'click', listingId: launchpadId, slug: 'launchpad', place: 'awards', referrerHost: null } as const;
      const requester = { address: '192.0.2.7', userAgent: browser('hal'), preview: false };
      await app.deps.traffic.count(visit, requester, anHourAgo);
      await app.deps.traffic.count(visit, requester, anHourAgo);
    } finally {
      app.deps.traffic.start();
    }
    expect((await stats()).totals.clicks - before).toBe(3);
    const rows = await sql<{ hour: string; count: number }>(
      app,
      "select to_char(hour at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24') as hour, count from listing_traffic where listing_id = ? and kind = 'click' and place = 'awards'",
      [launchpadId],
    );
    expect(rows).toEqual([{ hour: anHourAgo.toISOString().slice(0, 13), count: 1 }]);
  });

  it('counts the same visitor once within 30 minutes across two api processes, writing on stop', async () => {
    const before = (await stats()).totals.clicks;
    const other = await startApiProcess(app.env, started);
    const origin = new URL(other.api).origin;
    const exited = new Promise<number | null>((resolve) => other.child.once('exit', (code) => resolve(code)));
    const ida = browser('ida');
    expect((await go('/go/launchpad?via=week', { 'user-agent': ida }, origin)).status).toBe(302);
    expect((await go('/go/launchpad?via=week', { 'user-agent': ida })).status).toBe(302);
    expect((await go('/go/launchpad?via=week', { 'user-agent': browser('jon') }, origin)).status).toBe(302);
    // A graceful stop writes what the process still holds before it exits.
    other.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect((await stats()).totals.clicks - before).toBe(2);
  }, 60_000);
});

describe('counting while PostgreSQL is away', () => {
  it('keeps the visits for the next flush, failing nothing, and drops the oldest beyond its bound', async () => {
    let down = false;
    const pool = {
      query: (...args: Parameters<ReadPool['query']>) =>
        down ? Promise.reject(new Error('connection refused')) : app.deps.readPool.query(...args),
    } as unknown as ReadPool;
    const counter = new TrafficCounter(pool, app.deps.log, 2);
    const before = await stats();
    const click = (place: string, address: string) =>
      counter.count(
        { kind: 'click', listingId: launchpadId, slug: 'launchpad', place, referrerHost: null },
        { address, userAgent: browser(address), preview: false },
      );
    await click('api', '192.0.2.8');
    down = true;
    await click('feed', '192.0.2.9');
    await expect(counter.flush()).resolves.toBeUndefined();
    await click('feed', '192.0.2.10');
    await expect(counter.flush()).resolves.toBeUndefined();
    expect((await stats()).totals.clicks - before.totals.clicks).toBe(0);
    down = false;
    await counter.flush();
    const after = await stats();
    const placeOf = (body: typeof after, place: string) =>
      body.clicks.by_place.find((p: { place: string }) => p.place === place)?.clicks ?? 0;
    // Three waited where two may: the oldest (the one from `api`) went.
    expect(after.totals.clicks - before.totals.clicks).toBe(2);
    expect(placeOf(after, 'api') - placeOf(before, 'api')).toBe(0);
  });
});

describe('get_listing_stats', () => {
  it('gives the launch day by hour against the week, the launch week by day and one row per day', async () => {
    await addVotes(app, launchpadId, 3, launchedAt);
    const rival = (await sql<{ id: number }>(app, "select id from listing where slug = 'rival'"))[0].id;
    await addVotes(app, rival, 5, launchedAt);
    const discounted = await addUser(app, 'ringer@example.test');
    await sql(app, "insert into vote (listing_id, user_id, created_at, discount_reason) values (?, ?, ?, 'ring')", [
      launchpadId,
      discounted,
      launchedAt.toISOString(),
    ]);
    const body = await stats();
    const today = isoDate(new Date());
    expect(body).toMatchObject({
      listing_id: launchpadId,
      slug: 'launchpad',
      to: today,
      from: isoDate(addDays(new Date(), -29)),
    });
    expect(body.days).toHaveLength(30);
    expect(body.days.at(-1).date).toBe(today);
    expect(body.totals).toMatchObject({ votes_counted: 3, votes_discounted: 1 });
    const hour = launchedAt.getUTCHours();
    expect(body.launch_day.date).toBe(isoDate(launchedAt));
    expect(body.launch_day.hours).toHaveLength(24);
    expect(body.launch_day.hours[hour]).toMatchObject({ hour, votes_counted: 3, votes_discounted: 1 });
    // The week's live listings voted 5 (rival), 3 (launchpad) and 0 (tagged) in that hour.
    expect(body.launch_day.week_median_votes[hour]).toBe(3);
    expect(body.launch_day.week_top_three.map((l: { slug: string }) => l.slug)).toEqual(['rival', 'launchpad', 'tagged']);
    expect(body.launch_day.week_top_three[0].votes[hour]).toBe(5);
    expect(body.launch_week.week).toBe(isoDate(mondayOf(launchedAt)));
    expect(body.launch_week.days.map((d: { date: string }) => d.date)[0]).toBe(isoDate(mondayOf(launchedAt)));
    expect(body.views_to_clicks).toBeCloseTo(body.totals.clicks / body.totals.views, 3);
    const empty = await stats('?from=2020-01-01&to=2020-01-03');
    expect(empty.days).toEqual([
      expect.objectContaining({ date: '2020-01-01', views: 0, clicks: 0, votes_counted: 0 }),
      expect.objectContaining({ date: '2020-01-02' }),
      expect.objectContaining({ date: '2020-01-03' }),
    ]);
    expect(empty.views_to_clicks).toBeNull();
    expect(empty.clicks).toEqual({ by_place: [], by_referrer: [] });
  });

  it("is 404 for another person's listing and for no listing", async () => {
    expect((await stranger.call('GET', `/me/listings/${launchpadId}/stats`)).status).toBe(404);
    expect((await owner.call('GET', '/me/listings/999999/stats')).status).toBe(404);
  });

  it('refuses a from or to that is not a date, reversed, or more than 400 days, naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['?from=yesterday', 'query.from'],
      ['?to=2026-02-30', 'query.to'],
      ['?from=2026-03-02&to=2026-03-01', 'query.to'],
      ['?from=2024-01-01&to=2026-01-01', 'query.to'],
      ['?from=2000-01-01', 'query.from'],
    ];
    for (const [query, field] of cases) {
      const res = await owner.call('GET', `/me/listings/${launchpadId}/stats${query}`);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([field]);
    }
    expect((await owner.call('GET', `/me/listings/${launchpadId}/stats?from=2025-01-01&to=2026-02-04`)).status).toBe(200);
  });
});

describe('interest as a public signal', () => {
  it('shows how many asked to be notified of an upcoming launch, and orders its week by it or by name', async () => {
    const week = isoDate(weeksFromNow(2));
    await addListing(app, { slug: 'aardvark', name: 'Aardvark', status: 'scheduled', launch_week: weeksFromNow(2) });
    const soon = (await sql<{ id: number }>(app, "select id from listing where slug = 'soon'"))[0].id;
    const fan = await addUser(app, 'fan@example.test');
    await sql(app, 'insert into follow (listing_id, user_id) values (?, ?)', [soon, fan]);
    const slugs = async (query: string) =>
      (await request(`${app.api}/launches/weeks/${week}${query}`)).body.items.map((i: { slug: string }) => i.slug);
    expect(await slugs('')).toEqual(['soon', 'aardvark']);
    expect(await slugs('?order=name')).toEqual(['aardvark', 'soon']);
    expect((await request(`${app.api}/launches/weeks/${week}?order=votes`)).status).toBe(400);
    const page = await request(`${app.url}/listings/soon`, { headers: { 'user-agent': browser() } });
    expect(page.text).toContain('1 person asked to be notified');
    const weekPage = await request(`${app.url}/launches/weeks/${week}?order=name`);
    expect(weekPage.text).toMatch(/Aardvark[\s\S]*0 people asked to be notified[\s\S]*Soon[\s\S]*1 person asked to be notified/);
  });
});

describe('what is kept', () => {
  it("keeps nothing that ties a count to an address or person once the day's hashes and salt are deleted", async () => {
    const marker = `Probe/${randomUUID()}`;
    const ua = `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36 ${marker}`;
    await go('/go/launchpad?via=feed', { 'user-agent': ua });
    await app.deps.traffic.flush();
    const [{ salt }] = await sql<{ salt: Buffer }>(app, 'select salt from analytics_salt where day = ?::date', [
      isoDate(new Date()),
    ]);
    const hash = createHmac('sha256', salt)
      .update(repeatKey('click', 'feed', 'launchpad', '127.0.0.1', ua))
      .digest()
      .subarray(0, 16);
    expect(await sql(app, 'select 1 from analytics_repeat where hash = ?', [hash])).toHaveLength(1);

    await purgePastDays(app.deps.orm.em.fork(), addDays(new Date(), 1));
    expect(await sql(app, 'select * from analytics_repeat')).toEqual([]);
    expect(await sql(app, 'select * from analytics_salt')).toEqual([]);
    // The counts carry no column for an address, agent, cookie or person...
    const columns = await sql<{ column_name: string }>(
      app,
      "select column_name from information_schema.columns where table_name = 'listing_traffic' order by ordinal_position",
    );
    expect(columns.map((c) => c.column_name)).toEqual(['listing_id', 'hour', 'kind', 'place', 'referrer_host', 'count']);
    // ...and no table holds the visitor's user agent or the hash of the visit.
    const tables = await sql<{ name: string }>(
      app,
      "select quote_ident(table_name) as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    for (const { name } of tables) {
      const found = await sql(app, `select 1 from ${name} t where t::text like ? or t::text like ? limit 1`, [
        `%${marker}%`,
        `%${hash.toString('hex')}%`,
      ]);
      expect([name, found]).toEqual([name, []]);
    }
  });
});
