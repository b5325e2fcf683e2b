import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { ReadCache } from '../../src/platform/read-cache.js';
import { listenForListingChanges } from '../../src/platform/listing-changes.js';
import { addCategory, addListing, addVotes, sql } from './fixtures.js';

describe('shared read cache of public reads', () => {
  let app: TestApp;
  let id: number;

  beforeAll(async () => {
    app = await startTestApp({ worker: false, env: { PUBLIC_READ_CACHE_MS: '60000' } });
    await addCategory(app, 'cache-crm', 'CRM');
    id = await addListing(app, { slug: 'cached-crm', name: 'Cached CRM', tagline: 'First tagline', categories: ['cache-crm'] });
  });
  afterAll(() => app.close());

  /** Reads the profile until `seen` holds (PostgreSQL's announcement arrives just after the commit). */
  async function profileWhen(slug: string, seen: (profile: Record<string, any>) => boolean): Promise<Record<string, any>> {
    let profile: Record<string, any> = {};
    for (let tries = 0; tries < 100; tries++) {
      profile = (await request(`${app.api}/listings/${slug}`)).body;
      if (seen(profile)) return profile;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`the profile of ${slug} never showed the change: ${JSON.stringify(profile)}`);
  }

  it('keeps a listing profile until PostgreSQL announces a change of it, and never caches a 404', async () => {
    expect((await request(`${app.api}/listings/cached-crm`)).body.tagline).toBe('First tagline');
    // A change made without triggers is announced to no one: the copy in memory is served.
    await sql(
      app,
      `do $$ begin perform set_config('session_replication_role', 'replica', true); update listing set tagline = 'Unannounced' where slug = 'cached-crm'; end $$`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await request(`${app.api}/listings/cached-crm`)).body.tagline).toBe('First tagline');

    await sql(app, `update listing set tagline = 'Second tagline' where id = ?`, [id]);
    await profileWhen('cached-crm', (p) => p.tagline === 'Second tagline');

    expect((await request(`${app.api}/listings/later-crm`)).status).toBe(404);
    await addListing(app, { slug: 'later-crm', name: 'Later CRM' });
    expect((await request(`${app.api}/listings/later-crm`)).status).toBe(200);
  });

  it('drops a cached profile when anything it shows changes: votes, updates, reviews, founders, categories', async () => {
    const [user] = await sql<{ id: number }>(
      app,
      `insert into app_user (email, name) values ('cache-reader@example.com', 'Reader') returning id`,
    );
    const before = await profileWhen('cached-crm', () => true);

    await addVotes(app, id, 3);
    await profileWhen('cached-crm', (p) => p.votes === before.votes + 3);

    await sql(app, `insert into listing_update (listing_id, title, body) values (?, 'Version 2', 'Faster sync')`, [id]);
    await profileWhen('cached-crm', (p) => p.latest_updates.some((u: { title: string }) => u.title === 'Version 2'));

    await sql(app, `insert into review (listing_id, user_id, rating, body) values (?, ?, 4, 'Solid')`, [id, user.id]);
    await profileWhen('cached-crm', (p) => p.community_rating.count === before.community_rating.count + 1);

    const [founder] = await sql<{ id: number }>(
      app,
      `insert into founder (site_id, slug, name) values (?, 'cache-founder', 'Ada') returning id`,
      [app.deps.site.id],
    );
    await sql(app, `insert into listing_founder (listing_id, founder_id) values (?, ?)`, [id, founder.id]);
    await profileWhen('cached-crm', (p) => p.founders.some((f: { name: string }) => f.name === 'Ada'));
    await sql(app, `update founder set name = 'Ada L.' where id = ?`, [founder.id]);
    await profileWhen('cached-crm', (p) => p.founders.some((f: { name: string }) => f.name === 'Ada L.'));

    await sql(app, `update category set name = 'Customer relations' where slug = 'cache-crm'`);
    await profileWhen('cached-crm', (p) => p.categories[0]?.name === 'Customer relations');

    await sql(
      app,
      `insert into domain_rating_snapshot (listing_id, measured_on, value) values (?, current_date - 40, 10), (?, current_date, 30)`,
      [id, id],
    );
    await profileWhen('cached-crm', (p) => p.domain_rating?.trend.direction === 'up');
  });

  it('answers 404 once a cached listing is withdrawn, and follows a renamed slug', async () => {
    const renamed = await addListing(app, { slug: 'renamed-crm', name: 'Renamed CRM' });
    expect((await request(`${app.api}/listings/renamed-crm`)).status).toBe(200);
    await sql(app, `update listing set slug = 'renamed-crm-2' where id = ?`, [renamed]);
    // The old slug's profile is dropped when the announcement of the rename arrives.
    await profileWhen('renamed-crm', (p) => p.status === 404);
    expect((await request(`${app.api}/listings/renamed-crm-2`)).status).toBe(200);

    await sql(app, `update listing set status = 'archived' where id = ?`, [renamed]);
    await profileWhen('renamed-crm-2', (p) => p.status === 404);
  });

  it('drops every profile after its listening connection was lost, since changes may have been missed', async () => {
    await profileWhen('cached-crm', () => true);
    await sql(
      app,
      // Triggers off, so nothing is announced; the listing's document is outdated by hand, as its trigger would.
      `do $$ begin perform set_config('session_replication_role', 'replica', true); update listing set tagline = 'Missed while away' where slug = 'cached-crm';
        update listing_document set version = version + 1, live_body = null where listing_id = (select id from listing where slug = 'cached-crm'); end $$`,
    );
    const [ended] = await sql<{ n: number }>(
      app,
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where query = 'listen listing_changed'`,
    );
    expect(ended.n).toBe(1);
    await profileWhen('cached-crm', (p) => p.tagline === 'Missed while away');
    // Listening again: announced changes drop the profile as before.
    await sql(app, `update listing set tagline = 'Announced again' where slug = 'cached-crm'`);
    await profileWhen('cached-crm', (p) => p.tagline === 'Announced again');
  });

  it('a listener closed while it waits to reconnect stays closed', async () => {
    // A terminated backend stays in pg_stat_activity for a moment: only the others are counted.
    let terminated: number[] = [];
    const listening = async () =>
      (
        await sql<{ n: number }>(
          app,
          `select count(*)::int as n from pg_stat_activity
            where application_name = 'launch-directory listing changes' and not (pid = any(?::int[]))`,
          [`{${terminated.join(',')}}`],
        )
      )[0].n;
    const log = app.deps.log;
    const second = await listenForListingChanges(app.deps.orm.config.get('clientUrl'), () => undefined, log);
    expect(await listening()).toBe(2); // the api's and this one
    terminated = (
      await sql<{ pid: number }>(
        app,
        `select pid, pg_terminate_backend(pid) from pg_stat_activity where application_name = 'launch-directory listing changes'`,
      )
    ).map((row) => row.pid);
    expect(terminated).toHaveLength(2);
    await second.close(); // within its reconnect delay
    // The api's listener comes back after its reconnect delay (1 s), however busy the machine.
    for (let tries = 0; tries < 50 && (await listening()) !== 1; tries++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await listening()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await listening()).toBe(1); // and the closed one did not
  });

  it('serves search results and site info from memory too, one entry for equivalent queries', async () => {
    const before = (await request(`${app.api}/listings?q=cached&per_page=5`)).body;
    expect(before.items.map((i: { slug: string }) => i.slug)).toContain('cached-crm');
    await addListing(app, { slug: 'cached-notes', name: 'Cached Notes' });
    expect((await request(`${app.api}/listings?per_page=5&q=cached`)).body).toEqual(before);
    expect((await request(`${app.api}/listings?q=cached&per_page=6`)).body.total).toBe(before.total + 1);

    const site = await request(`${app.api}/site`);
    expect(site.headers.get('content-type')).toBe('application/json; charset=utf-8');
    await addListing(app, { slug: 'cached-third', name: 'Cached Third' });
    expect((await request(`${app.api}/site`)).body).toEqual(site.body);
  });

  it('reads again once an entry is older than its time to live; 0 always reads', async () => {
    let reads = 0;
    const read = async () => ({ reads: ++reads });
    const cache = new ReadCache(60_000);
    for (const hit of [await cache.get('k', read), await cache.get('k', read)]) {
      expect([hit.value, hit.json]).toEqual([{ reads: 1 }, '{"reads":1}']);
    }
    const [a, b] = await Promise.all([cache.get('other', read), cache.get('other', read)]);
    expect([a.value, b.value]).toEqual([{ reads: 2 }, { reads: 2 }]); // concurrent misses share one read
    const off = new ReadCache(0);
    expect([await off.get('k', read), await off.get('k', read)]).toEqual([{ value: { reads: 3 } }, { value: { reads: 4 } }]);

    const short = new ReadCache(20);
    await short.get('k', read);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect((await short.get('k', read)).value).toEqual({ reads: 6 });
  });

  it('does not keep a read that was under way when its key was dropped', async () => {
    const cache = new ReadCache(60_000);
    let reads = 0;
    let release: () => void = () => undefined;
    const slow = cache.get('k', () => new Promise<number>((resolve) => (release = () => resolve(++reads))));
    cache.delete('k');
    release();
    expect((await slow).value).toBe(1);
    expect((await cache.get('k', async () => ++reads)).value).toBe(2);
    expect((await cache.get('k', async () => ++reads)).value).toBe(2);
  });

  it('stays within its memory estimate and its number of entries, dropping the oldest first', async () => {
    for (const cache of [new ReadCache(60_000, 1000), new ReadCache(60_000, 2 ** 30, 2)]) {
      // An entry here is estimated at about 460 bytes: 1,000 bytes, like 2 entries, hold two.
      let reads = 0;
      const read = async () => ({ reads: ++reads, padding: 'x'.repeat(40) });
      await cache.get('a', read);
      await cache.get('b', read);
      await cache.get('c', read);
      expect((await cache.get('c', read)).value.reads).toBe(3);
      expect((await cache.get('b', read)).value.reads).toBe(2);
      expect((await cache.get('a', read)).value.reads).toBe(4); // dropped to make room, read again
    }
  });
});
