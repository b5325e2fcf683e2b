import pg from 'pg';
import { announceCountChanges } from '../../src/platform/listing-changes.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { addListing, addUser, sql } from '../catalogue/fixtures.js';

const votes = 20;
let app: TestApp;
let listener: pg.Client;
const heard: string[][] = [];

beforeAll(async () => {
  // The read cache on, as in production; the app's own announcer waits 10 s between rounds.
  app = await startTestApp({ worker: false, env: { PUBLIC_READ_CACHE_MS: '60000', LISTING_COUNTS_NOTICE_MS: '10000' } });
  listener = new pg.Client({ connectionString: app.databaseUrl });
  await listener.connect();
  listener.on('notification', (message) => heard.push((message.payload ?? '').split(' ')));
  await listener.query('listen listing_changed');
});
afterAll(async () => {
  await listener?.end();
  await app?.close();
});

/** Waits until PostgreSQL's notification naming `slug` has reached the listener. */
async function untilHeard(slug: string): Promise<void> {
  for (let i = 0; i < 500 && !heard.some((slugs) => slugs.includes(slug)); i++) await new Promise((r) => setTimeout(r, 10));
  expect(heard.some((slugs) => slugs.includes(slug))).toBe(true);
}

describe('vote counts announced in batches', () => {
  it('announces a burst of votes on one listing once, not once per vote, and its profile then shows them all', async () => {
    const id = await addListing(app, { slug: 'hot-launch', name: 'Hot Launch' });
    await addListing(app, { slug: 'marker-launch', name: 'Marker Launch' });
    expect((await request(`${app.api}/listings/hot-launch`)).body.votes).toBe(0);

    // Each vote its own transaction, as the site casts them.
    for (let i = 0; i < votes; i++) {
      const user = await addUser(app, `burst${i}@example.test`);
      await sql(app, 'insert into vote (listing_id, user_id) values (?, ?)', [id, user]);
    }
    await announceCountChanges(app.deps.readPool);
    // Any other change is announced at commit; notifications arrive in commit order, so once this
    // one is heard every announcement of the votes before it has been heard too.
    await sql(app, `update listing set tagline = 'Marked' where slug = 'marker-launch'`);
    await untilHeard('marker-launch');

    const announcements = heard.filter((slugs) => slugs.includes('hot-launch')).length;
    expect(announcements).toBeGreaterThanOrEqual(1);
    expect(announcements).toBeLessThan(votes);
    // The api drops its copy of the profile as its own listener hears the announcement.
    let shown = 0;
    for (let i = 0; i < 100 && shown !== votes; i++) {
      shown = (await request(`${app.api}/listings/hot-launch`)).body.votes;
      if (shown !== votes) await new Promise((r) => setTimeout(r, 20));
    }
    expect(shown).toBe(votes);
    const [pending] = await sql<{ n: number }>(app, 'select count(*)::int as n from listing_count_change');
    expect(pending.n).toBe(0);
  });

  it('still announces any other change of a listing at once, in its own transaction', async () => {
    await addListing(app, { slug: 'edited-launch', name: 'Edited Launch' });
    expect((await request(`${app.api}/listings/edited-launch`)).body.tagline).toBe('Edited Launch tagline');
    await sql(app, `update listing set tagline = 'New words', vote_count = vote_count where slug = 'edited-launch'`);
    await untilHeard('edited-launch');
    const [pending] = await sql<{ n: number }>(
      app,
      `select count(*)::int as n from listing_count_change where slug = 'edited-launch'`,
    );
    expect(pending.n).toBe(0);
    let tagline = '';
    for (let i = 0; i < 100 && tagline !== 'New words'; i++) {
      tagline = (await request(`${app.api}/listings/edited-launch`)).body.tagline;
      if (tagline !== 'New words') await new Promise((r) => setTimeout(r, 20));
    }
    expect(tagline).toBe('New words');
  });
});
