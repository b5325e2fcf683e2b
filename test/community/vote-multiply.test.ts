import { jest } from '@jest/globals';
import { isoDate, mondayOf } from '../../src/domain/weeks.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { runCli as cli } from '../support/cli.js';
import { WebClient, formsOf } from '../support/web-client.js';
import { addListing, recountedLedger, sql } from '../catalogue/fixtures.js';

/**
 * One person with a script and a catch-all mail domain must not get many counted votes: accounts
 * left to age with a follow or two, and votes sent at the same moment from one network. Each
 * person votes through the real form from an address of their own (the proxy's X-Forwarded-For).
 */
const thisWeek = isoDate(mondayOf(new Date()));
const maxPerNetwork = 5;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({
    worker: false,
    env: { TRUST_PROXY: 'true', VOTE_MAX_VOTERS_PER_NETWORK_HOUR: String(maxPerNetwork) },
  });
  for (const slug of ['target', 'liked', 'crowded', 'side-a', 'side-b', 'side-c']) await addListing(app, { slug, name: slug });
});
afterAll(() => app?.close());

const profile = async (slug: string) => (await request(`${app.api}/listings/${slug}`)).body;

/** `count` people signed in on the site, their accounts `ageHours` old, each following `follows` since `followAgeHours` ago. */
async function people(prefix: string, count: number, ageHours: number, follows: string[] = [], followAgeHours = 0) {
  const clients: WebClient[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}-${i}@catch-all.example`;
    const client = new WebClient(app.url);
    await client.signIn(app, email);
    await sql(app, `update app_user set created_at = now() - ? * interval '1 hour' where email = ?`, [ageHours, email]);
    for (const slug of follows)
      await sql(
        app,
        `insert into follow (listing_id, user_id, created_at)
         select l.id, u.id, now() - ? * interval '1 hour' from listing l, app_user u where l.slug = ? and u.email = ?`,
        [followAgeHours, slug, email],
      );
    clients.push(client);
  }
  return clients;
}

/** The vote form of a listing page as a person would send it, ready to post from `address`. */
async function voteForm(client: WebClient, slug: string, on = '1') {
  const form = formsOf((await client.get(`/listings/${slug}`)).html).find((f) => f.action === `/listings/${slug}/vote`);
  if (!form) throw new Error(`no vote form on /listings/${slug}`);
  return (address: string, csrf = form.fields.csrf) =>
    client.request(form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
      body: new URLSearchParams({ ...form.fields, csrf, on }),
    });
}

describe('votes one person cannot multiply', () => {
  it('discounts 30 accounts three days old, each with two follows two days old, voting for one listing', async () => {
    const script = await people('script', 30, 72, ['side-a', 'side-b'], 48);
    for (const [i, client] of script.entries())
      expect((await (await voteForm(client, 'target'))(`203.0.${i}.7`)).status).toBe(303);
    // Old enough to be counted at the cast; what they did before is two follows on two listings.
    expect((await profile('target')).votes).toBe(30);

    // People who used the site across three listings, two days before their vote, are not a ring.
    const regulars = await people('regular', 12, 72, ['side-a', 'side-b', 'side-c'], 48);
    for (const [i, client] of regulars.entries())
      expect((await (await voteForm(client, 'liked'))(`192.0.${i}.7`)).status).toBe(303);

    const review = await cli(app, 'votes', 'review', '--week', thisWeek);
    expect(review.stderr).toBe('');
    expect(review.stdout).toContain('ring: 30 account(s) on target');
    expect(await profile('target')).toMatchObject({ votes: 0, vote_ledger: { cast: 30, counted: 0, discounted: { ring: 30 } } });
    expect((await profile('liked')).vote_ledger).toMatchObject({ cast: 12, counted: 12 });
    for (const slug of ['target', 'liked'])
      expect((await profile(slug)).vote_ledger).toMatchObject(await recountedLedger(app, slug));
  });

  it(`counts at most ${maxPerNetwork} voters from one /24 when ten of them vote at the same moment`, async () => {
    const crowd = await people('net', 10, 48);
    const send = await Promise.all(crowd.map((client) => voteForm(client, 'crowded')));
    const answers = await Promise.all(send.map((post, i) => post(`198.51.100.${i + 1}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(303));
    const ledger = (await profile('crowded')).vote_ledger;
    expect(ledger).toMatchObject({ cast: 10, counted: maxPerNetwork, discounted: { shared_network: 10 - maxPerNetwork } });
    expect(ledger).toMatchObject(await recountedLedger(app, 'crowded'));
  });

  it('refuses a forged vote form before it reads anything', async () => {
    const [person] = await people('forger', 1, 48);
    const cast = await voteForm(person, 'side-c');
    const withdraw = await voteForm(person, 'side-c', '0');
    const seen: string[] = [];
    const spies = [app.deps.readPool, app.deps.writePool].map((pool) => {
      const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
      return jest.spyOn(pool, 'query').mockImplementation((...args: unknown[]) => {
        const text = (args[0] as { text?: string }).text ?? String(args[0]);
        if (/web_session|\bvote\b/.test(text)) seen.push(text);
        return query(...args);
      });
    });
    try {
      expect((await cast('192.0.2.1', 'forged')).status).toBe(403);
      expect((await withdraw('192.0.2.1', 'forged')).status).toBe(403);
      expect(seen).toEqual([]);
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
    expect((await profile('side-c')).vote_ledger).toMatchObject({ cast: 0 });
  });
});
