import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { ReadCache } from '../../src/services/read-cache.js';
import { addListing, sql } from './fixtures.js';

describe('get_listing read cache', () => {
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

  it('reads again once an entry is older than its time to live; 0 always reads', async () => {
    let reads = 0;
    const read = async () => ++reads;
    const cache = new ReadCache(60_000);
    expect([await cache.get('k', read), await cache.get('k', read)]).toEqual([1, 1]);
    const [a, b] = await Promise.all([cache.get('other', read), cache.get('other', read)]);
    expect([a, b]).toEqual([2, 2]); // concurrent misses share one read
    const off = new ReadCache(0);
    expect([await off.get('k', read), await off.get('k', read)]).toEqual([3, 4]);
  });
});
