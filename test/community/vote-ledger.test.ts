import { randomUUID } from 'node:crypto';
import { addWeeks, isoDate, mondayOf } from '../../src/domain/weeks.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { runCli as cli } from '../support/cli.js';
import { WebClient } from '../support/web-client.js';
import { addListing, recountedLedger, sql, storedDocument } from '../catalogue/fixtures.js';
import { htmlProblems } from '../web/pages.js';

const hour = 3_600_000;
const lastMonday = addWeeks(mondayOf(new Date()), -1);
const lastWeek = isoDate(lastMonday);
const inLastWeek = (hours: number) => new Date(lastMonday.getTime() + hours * hour);

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ worker: false, env: { VOTE_MAX_VOTERS_PER_NETWORK_HOUR: '3' } });
  await addListing(app, { slug: 'fresh', name: 'Fresh' });
  await addListing(app, { slug: 'crowded', name: 'Crowded' });
  await addListing(app, { slug: 'family', name: 'Family' });
});
afterAll(() => app?.close());

const profile = async (slug: string) => (await request(`${app.api}/listings/${slug}`)).body;

async function person(email: string, ageHours = 0): Promise<WebClient> {
  const client = new WebClient(app.url);
  await client.signIn(app, email);
  if (ageHours)
    await sql(app, `update app_user set created_at = now() - ? * interval '1 hour' where email = ?`, [ageHours, email]);
  return client;
}

async function vote(client: WebClient, slug: string): Promise<number> {
  const page = await client.get(`/listings/${slug}`);
  return (await client.submit(page, `/listings/${slug}/vote`)).status;
}

const none = { voided: 0, blocked: 0, self_vote: 0, ring: 0, burst: 0, shared_network: 0, new_account: 0 };

describe('votes people can trust', () => {
  it('keeps a brand-new account’s vote but does not count it, even after a follow made just before', async () => {
    await profile('fresh');
    const document = await storedDocument(app, 'fresh');
    expect(document?.body).toEqual(expect.any(String));
    expect(await vote(await person('newbie@example.test'), 'fresh')).toBe(303);
    const early = await person('early@example.test');
    const page = await early.get('/listings/fresh');
    await early.submit(page, '/listings/fresh/follow');
    expect(await vote(early, 'fresh')).toBe(303);
    expect(await vote(await person('settled@example.test', 48), 'fresh')).toBe(303);

    // A follow is activity only once it is a day old and beside actions on two other listings.
    const p = await profile('fresh');
    expect(p.votes).toBe(1);
    expect(p.vote_ledger).toEqual({ cast: 3, counted: 1, discounted: { ...none, new_account: 2 }, reviewed_at: null });
    expect(p.vote_ledger).toMatchObject(await recountedLedger(app, 'fresh'));
    expect(p.followers).toBe(1);
    expect(await storedDocument(app, 'fresh')).toEqual(document);
    // Leaderboards and lists use counted votes only.
    const weekly = (await request(`${app.api}/leaderboards/community-weekly`)).body.items;
    expect(weekly.find((i: { listing: { slug: string } }) => i.listing.slug === 'fresh').metric.votes).toBe(1);
  });

  it('counts at most the allowed voters from one network in an hour, and stores only a keyed hash of it', async () => {
    for (const name of ['net1', 'net2', 'net3', 'net4'])
      expect(await vote(await person(`${name}@example.test`, 48), 'crowded')).toBe(303);
    expect((await profile('crowded')).vote_ledger).toMatchObject({ cast: 4, counted: 3, discounted: { shared_network: 1 } });
    expect((await profile('crowded')).vote_ledger).toMatchObject(await recountedLedger(app, 'crowded'));
    const hashes = await sql<{ network_hash: string }>(
      app,
      `select distinct v.network_hash from vote v join listing l on l.id = v.listing_id where l.slug = 'crowded'`,
    );
    expect(hashes).toHaveLength(1);
    expect(hashes[0].network_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(hashes[0].network_hash).not.toContain('127');
  });

  it('does not count a co-founder’s vote for their own listing', async () => {
    const cofounder = await person('cofounder@example.test', 48);
    await sql(
      app,
      `with f as (insert into founder (site_id, slug, name, user_id) values (?, 'co', 'Co', (select id from app_user where email = 'cofounder@example.test')) returning id)
       insert into listing_founder (listing_id, founder_id) select l.id, f.id from listing l, f where l.slug = 'family'`,
      [app.deps.site.id],
    );
    expect(await vote(cofounder, 'family')).toBe(303);
    expect(await profile('family')).toMatchObject({
      votes: 0,
      vote_ledger: { cast: 1, counted: 0, discounted: { self_vote: 1 } },
    });
  });

  it('shows the ledger on the listing page and explains each rule on /votes, naming no voter', async () => {
    const page = await new WebClient(app.url).get('/listings/fresh');
    expect(page.html).toContain('3 votes cast, <strong>1 counted</strong>; not counted: New account 2.');
    expect(page.html).toContain('<a href="/listings/fresh/votes">How votes are counted</a>');
    const rules = await new WebClient(app.url).get('/listings/fresh/votes');
    expect(rules.status).toBe(200);
    expect(await htmlProblems(rules.html)).toEqual([]);
    for (const text of ['Vote ring', 'Sudden burst', 'Shared network', 'New account', 'Own listing', 'At least 10 accounts'])
      expect(rules.html).toContain(text);
    expect(rules.html).not.toMatch(/newbie|early|settled|@example/);
    expect((await new WebClient(app.url).get('/listings/nothing-here/votes')).status).toBe(404);
  });
});

describe('a vote ring on launch week', () => {
  /** A voter whose account was made `ageHours` before their vote, voting for `slugs` and following `follows` at `at`, `followedBefore` a month earlier. */
  async function voter(
    ageHours: number,
    at: Date,
    slugs: string[],
    follows: string[] = [],
    followedBefore: string[] = [],
  ): Promise<void> {
    const [user] = await sql<{ id: number }>(
      app,
      `insert into app_user (email, created_at) values (?, ?::timestamptz - ? * interval '1 hour') returning id`,
      [`voter-${randomUUID()}@example.test`, at.toISOString(), ageHours],
    );
    for (const slug of slugs)
      await sql(app, `insert into vote (listing_id, user_id, created_at) select id, ?, ? from listing where slug = ?`, [
        user.id,
        at.toISOString(),
        slug,
      ]);
    for (const slug of follows)
      await sql(app, `insert into follow (listing_id, user_id, created_at) select id, ?, ? from listing where slug = ?`, [
        user.id,
        at.toISOString(),
        slug,
      ]);
    for (const slug of followedBefore)
      await sql(
        app,
        `insert into follow (listing_id, user_id, created_at) select id, ?, ?::timestamptz - interval '30 days' from listing where slug = ?`,
        [user.id, at.toISOString(), slug],
      );
  }

  it('discounts 30 fresh accounts voting for one listing as a ring, shows them in its ledger, and the honest listing wins the week', async () => {
    for (const slug of ['honest', 'ringed', 'other-a', 'other-b'])
      await addListing(app, { slug, name: slug, launch_week: lastMonday, launched_at: inLastWeek(1) });
    // Twelve people who use the site: they followed three listings a month ago, vote for several launches and follow some.
    for (let i = 0; i < 12; i++)
      await voter(
        24 * 90,
        inLastWeek(10 + i),
        ['honest', i % 2 ? 'other-a' : 'other-b'],
        ['other-a'],
        ['fresh', 'crowded', 'family'],
      );
    // Thirty accounts two days old, made for this: one vote each, for the same listing, nothing else.
    for (let i = 0; i < 30; i++) await voter(48, inLastWeek(30 + i / 10), ['ringed']);
    expect((await profile('ringed')).votes).toBe(30);
    const document = await storedDocument(app, 'ringed');
    expect(document?.body).toEqual(expect.any(String));

    const review = await cli(app, 'votes', 'review', '--week', lastWeek);
    expect(review.stderr).toBe('');
    expect(review.status).toBe(0);
    expect(review.stdout).toContain(`Vote review of the week of ${lastWeek} (final)`);
    expect(review.stdout).toContain('ring: 30 account(s) on ringed');
    expect(review.stdout).not.toContain('@example');

    const ringed = await profile('ringed');
    expect(ringed.votes).toBe(0);
    expect(ringed.vote_ledger).toMatchObject({ cast: 30, counted: 0, discounted: { ...none, ring: 30 } });
    expect(Date.parse(ringed.vote_ledger.reviewed_at)).toBeGreaterThan(Date.now() - hour);
    expect((await profile('honest')).vote_ledger).toMatchObject({ cast: 12, counted: 12, discounted: none });
    for (const slug of ['ringed', 'honest', 'other-a'])
      expect((await profile(slug)).vote_ledger).toMatchObject(await recountedLedger(app, slug));
    // The review changed verdicts and its time, which are read beside the document.
    expect(await storedDocument(app, 'ringed')).toEqual(document);

    const awarded = await cli(app, 'awards', 'compute', '--week', lastWeek);
    expect(awarded.status).toBe(0);
    const awards = (await request(`${app.api}/awards?per_page=10`)).body.items.filter(
      (a: { week: string }) => a.week === lastWeek,
    );
    expect(
      awards.map((a: { rank: number; listing: { slug: string }; votes: number }) => [a.rank, a.listing.slug, a.votes]),
    ).toEqual([
      [1, 'honest', 12],
      [2, 'other-a', 6],
      [3, 'other-b', 6],
    ]);
  });

  it('refuses the awards of a week whose votes have not had their final review', async () => {
    const twoWeeksAgo = isoDate(addWeeks(lastMonday, -1));
    const refused = await cli(app, 'awards', 'compute', '--week', twoWeeksAgo);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('have not had their final review');
    expect((await cli(app, 'votes', 'review', '--week', 'monday')).status).toBe(1);
    expect((await cli(app, 'votes', 'review')).status).toBe(2);
  });
});
