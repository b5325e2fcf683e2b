import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { ReadCache } from '../../src/services/read-cache.js';
import { addListing, sql } from './fixtures.js';

describe('shared read cache of public reads', () => {
  let app: TestApp;
  let id: number;

  beforeAll(async () => {
    app = await startTestApp({ worker: false, env: { PUBLIC_READ_CACHE_MS: '60000' } });
    id = await addListing(app, { slug: 'cached-crm', name: 'Cached CRM', tagline: 'First tagline' });
  });
  afterAll(() => app.close());

  it('serves a profile it read within PUBLIC_READ_CACHE_MS again, and never caches a 404', async () => {
    expect((await request(`${app.api}/listings/cached-crm`)).body.tagline).toBe('First tagline');
    await sql(app, `update listing set tagline = 'Second tagline' where id = ?`, [id]);
    expect((await request(`${app.api}/listings/cached-crm`)).body.tagline).toBe('First tagline');

    expect((await request(`${app.api}/listings/later-crm`)).status).toBe(404);
    await addListing(app, { slug: 'later-crm', name: 'Later CRM' });
    expect((await request(`${app.api}/listings/later-crm`)).status).toBe(200);
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

  it('keeps the JSON it holds within its byte budget, dropping the oldest entries first', async () => {
    let reads = 0;
    const read = async () => ({ reads: ++reads, padding: 'x'.repeat(40) });
    const cache = new ReadCache(60_000, 150); // about two entries of 60 bytes
    await cache.get('a', read);
    await cache.get('b', read);
    await cache.get('c', read);
    expect((await cache.get('c', read)).value.reads).toBe(3);
    expect((await cache.get('b', read)).value.reads).toBe(2);
    expect((await cache.get('a', read)).value.reads).toBe(4); // dropped to make room, read again
  });
});
