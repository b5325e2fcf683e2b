import type { EntityManager } from '@mikro-orm/postgresql';
import { earliestFreeWeek } from '../../src/domain/launch-plan.js';
import { addWeeks, isoDate } from '../../src/domain/weeks.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { runCli } from '../support/cli.js';
import { startCrawlWorld, type CrawlWorld } from '../support/crawl-world.js';
import { request } from '../support/http.js';
import { insertListing, ownerWithKey, type Owner } from '../listings/support.js';
import { until } from '../support/until.js';

let app: TestApp;
let world: CrawlWorld;
let owner: Owner;
let stranger: Owner;
const homepages = new Map<string, string>();

const em = (): EntityManager => app.deps.orm.em.fork();

/** A website on loopback whose homepage the test rewrites: http://<host>.test:<port>/ */
function website(host: string, body: string): string {
  world.dns.set(`${host}.test`, ['127.0.0.1']);
  homepages.set(host, body);
  world.sites.route(`${host}.test/`, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(homepages.get(host));
  });
  return world.urlOf(host);
}

const page = (content: string) =>
  `<!doctype html><html><head><title>Acme</title></head><body><h1>Acme</h1><p>${'Invoices that pay themselves. '.repeat(20)}</p>${content}</body></html>`;

/** A draft listing of the owner's on `websiteUrl`, with one founder whose profile is complete unless told otherwise. */
async function draftListing(slug: string, websiteUrl: string | null, founderComplete = true): Promise<number> {
  const id = await insertListing(em(), app.deps.site.id, { slug, ownerId: owner.id });
  await em().execute('update listing set website_url = ? where id = ?', [websiteUrl, id]);
  const [{ id: founderId }] = await em().execute<{ id: number }[]>(
    `insert into founder (site_id, slug, name, title, bio, socials) values (?, ?, 'Ada Example', 'CEO', ?, ?) returning id`,
    [
      app.deps.site.id,
      `${slug}-ada`,
      founderComplete
        ? 'Ada started the company after ten years of chasing unpaid invoices for a living, and wants nobody to.'
        : 'Short.',
      JSON.stringify({ linkedin: 'https://www.linkedin.com/in/ada-example' }),
    ],
  );
  await em().execute('insert into listing_founder (listing_id, founder_id, position) values (?, ?, 0)', [id, founderId]);
  return id;
}

const chooseFree = (listingId: number, who: Owner = owner) => who.call('POST', `/me/listings/${listingId}/free`);

beforeAll(async () => {
  world = await startCrawlWorld();
  app = await startTestApp({
    env: {
      CRAWL_ALLOW_LOOPBACK: 'true',
      CRAWL_DNS_SERVER: world.dns.server,
      CRAWL_REQUEST_TIMEOUT_MS: '5000',
      FREE_SLOTS_PER_WEEK: '10',
    },
  });
  owner = await ownerWithKey(app, 'founder@example.test');
  stranger = await ownerWithKey(app, 'stranger@example.test');
});

afterAll(async () => {
  await app?.close();
  await world?.close();
});

describe('choose_free_listing', () => {
  it('queues a draft for the first free week, checks the gates at once, and schedules it once the badge is on the homepage', async () => {
    const site = website('acme', page('<p>No badge yet.</p>'));
    const id = await draftListing('acme', site);
    const expectedWeek = isoDate(earliestFreeWeek(new Date(), 4));

    const first = await chooseFree(id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id,
      status: 'awaiting_badge',
      visible: false,
      publication: {
        plan: 'free',
        launch_week: expectedWeek,
        launched_at: null,
        badge: { found: false, looked_at: site, checked_at: expect.any(String), next_check_at: expect.any(String) },
        founder_profile: { complete: true, missing: [] },
      },
    });
    expect(first.body.publication.badge.detail).toContain('has no link to');
    expect(first.body.publication.next_step).toContain(`Add the badge to ${site}`);
    expect(first.body.publication.next_step).toContain('publication.badge.embed_html');

    // Not public yet: only its owner gets the badge.
    expect((await request(`${app.api}/listings/acme/badges`)).status).toBe(404);
    expect((await stranger.call('GET', '/listings/acme/badges')).status).toBe(404);
    const badges = await owner.call('GET', '/listings/acme/badges');
    expect(badges.status).toBe(200);
    expect(badges.body.badge.embed_html).toBe(first.body.publication.badge.embed_html);

    homepages.set('acme', page(badges.body.badge.embed_html));
    const again = await chooseFree(id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      status: 'scheduled',
      visible: true,
      publication: { launch_week: expectedWeek, badge: { found: true, looked_at: site } },
    });
    // Times are kept to the second; found: true already says a new check ran.
    expect(Date.parse(again.body.publication.badge.checked_at)).toBeGreaterThanOrEqual(
      Date.parse(first.body.publication.badge.checked_at),
    );
    expect(again.body.publication.next_step).toContain(`goes live on ${expectedWeek}`);
    expect((await request(`${app.api}/listings/acme`)).status).toBe(200);
    expect((await request(`${app.api}/listings/acme/badges`)).status).toBe(200);
  });

  it('keeps a listing whose founder profile is incomplete awaiting, and says what is missing', async () => {
    const site = website('halfway', page(''));
    const id = await draftListing('halfway', site, false);
    const slugBadge = (await owner.call('GET', `/me/listings/${id}`)).body.publication.badge.embed_html;
    homepages.set('halfway', page(slugBadge));
    const res = await chooseFree(id);
    expect(res.body).toMatchObject({
      status: 'awaiting_badge',
      publication: { badge: { found: true }, founder_profile: { complete: false } },
    });
    expect(res.body.publication.next_step).toMatch(/complete the founder profile: Ada Example: a bio of at least 80 characters/i);
  });

  it('sees a badge that the homepage builds with its scripts, rendered in Chromium', async () => {
    const id = await draftListing('scripted', null);
    const embed = (await owner.call('GET', `/me/listings/${id}`)).body.publication.badge.embed_html as string;
    const site = website(
      'scripted',
      '<!doctype html><html><head><title>S</title><script src="/app.js"></script></head><body></body></html>',
    );
    world.sites.route('scripted.test/app.js', (_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/javascript' })
        .end(`document.addEventListener('DOMContentLoaded', () => { document.body.innerHTML = ${JSON.stringify(embed)}; });`);
    });
    await em().execute('update listing set website_url = ? where id = ?', [site, id]);
    const res = await chooseFree(id);
    expect(res.body.publication.badge).toMatchObject({ found: true });
    expect(res.body.publication.badge.detail).toContain('rendered in a browser');
    expect(res.body.status).toBe('scheduled');
  });

  it('refuses what is not the caller’s draft: 404 for another owner, 409 with the reason for a live listing, 401 without credentials', async () => {
    const id = await draftListing('mine-only', null);
    expect((await chooseFree(id, stranger)).status).toBe(404);
    expect((await request(`${app.api}/me/listings/${id}/free`, { method: 'POST' })).status).toBe(401);
    const live = await insertListing(em(), app.deps.site.id, { slug: 'already-live', ownerId: owner.id, status: 'live' });
    const res = await chooseFree(live);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'conflict', detail: expect.stringContaining('The listing is live') });
  });

  it('30 concurrent choices for 30 listings never put more than FREE_SLOTS_PER_WEEK (10) in a week', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await draftListing(`crowd-${i}`, null));
    const responses = await Promise.all(ids.map((id) => chooseFree(id)));
    expect(responses.map((r) => r.status)).toEqual(ids.map(() => 200));
    const rows = await em().execute<{ week: string; n: number }[]>(
      `select to_char(launch_week, 'YYYY-MM-DD') as week, count(*)::int as n from listing
       where slug like 'crowd-%' group by launch_week order by launch_week`,
    );
    // Weeks already holding listings of the tests above take fewer of the crowd.
    const taken = await em().execute<{ week: string; n: number }[]>(
      `select to_char(launch_week, 'YYYY-MM-DD') as week, count(*)::int as n from listing
       where plan = 'free' and status in ('awaiting_badge', 'scheduled', 'live') and launch_week is not null
       group by launch_week order by launch_week`,
    );
    expect(rows.reduce((sum, r) => sum + r.n, 0)).toBe(30);
    for (const week of taken) expect(week.n).toBeLessThanOrEqual(10);
    const first = isoDate(earliestFreeWeek(new Date(), 4));
    expect(taken.map((w) => w.week)).toEqual(
      [
        first,
        isoDate(addWeeks(new Date(first), 1)),
        isoDate(addWeeks(new Date(first), 2)),
        isoDate(addWeeks(new Date(first), 3)),
      ].slice(0, taken.length),
    );
    expect(taken.slice(0, -1).every((w) => w.n === 10)).toBe(true);
  });
});

describe('a paid launch by the operator command', () => {
  it('goes live at once and shows in search, this week’s launches and the week page', async () => {
    const id = await draftListing('paidnow', null);
    const run = await runCli(app, 'listing', 'launch', 'paidnow');
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('live at once');
    let listing = (await owner.call('GET', `/me/listings/${id}`)).body;
    for (let i = 0; i < 100 && listing.status !== 'live'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      listing = (await owner.call('GET', `/me/listings/${id}`)).body;
    }
    expect(listing).toMatchObject({
      status: 'live',
      publication: { plan: 'paid', launched_at: expect.any(String), badge: null },
    });
    const search = await request(`${app.api}/listings?q=${encodeURIComponent('Product paidnow')}`);
    expect(search.body.items.map((l: any) => l.slug)).toContain('paidnow');
    const launches = await request(`${app.api}/launches?section=this-week&per_page=100`);
    expect(launches.body.items.map((l: any) => l.slug ?? l.listing?.slug)).toContain('paidnow');
    const week = await request(`${app.api}/launches/weeks/this?per_page=100`);
    expect(JSON.stringify(week.body.items)).toContain('"paidnow"');
    // The owner is told just after the listing goes live.
    const mails = await until(
      () =>
        em().execute<{ subject: string }[]>(`select subject from mail_outbox where recipient = ? and subject like '%is live%'`, [
          owner.email,
        ]),
      (rows) => rows.length > 0,
    );
    expect(mails).toHaveLength(1);
  });

  it('schedules a named future week and refuses a past one', async () => {
    const id = await draftListing('paidlater', null);
    const week = isoDate(addWeeks(new Date(isoDate(earliestFreeWeek(new Date(), 2))), 0));
    const run = await runCli(app, 'listing', 'launch', 'paidlater', '--week', week);
    expect(run.stdout).toContain(`week of ${week}`);
    let listing = (await owner.call('GET', `/me/listings/${id}`)).body;
    for (let i = 0; i < 100 && listing.status !== 'scheduled'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      listing = (await owner.call('GET', `/me/listings/${id}`)).body;
    }
    expect(listing).toMatchObject({ status: 'scheduled', publication: { plan: 'paid', launch_week: week } });
    const past = await runCli(app, 'listing', 'launch', 'paidlater', '--week', '2020-01-06');
    expect(past.status).toBe(1);
    expect(past.stderr).toContain('is over');
  });
});
