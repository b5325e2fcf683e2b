import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';

describe('get_site_info', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ worker: false });
  });
  afterAll(() => app.close());

  it('answers 200 with the documented fields and live counts', async () => {
    const res = await request(`${app.api}/site`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Launch Directory',
      purpose: expect.any(String),
      site_url: app.url,
      api_url: `${app.url}/api/v1`,
      docs_url: `${app.url}/docs`,
      openapi_url: `${app.url}/api/v1/openapi.json`,
      mcp_url: `${app.url}/mcp`,
      counts: { live_listings: expect.any(Number), categories: expect.any(Number) },
    });
  });

  it('counts only live listings', async () => {
    const conn = app.deps.orm.em.getConnection();
    const before = (await request(`${app.api}/site`)).body.counts;
    await conn.execute(
      `insert into listing (site_id, slug, name, status) values (?, 'counted-live', 'Counted', 'live'), (?, 'not-counted', 'Draft', 'draft')`,
      [app.deps.site.id, app.deps.site.id],
    );
    await conn.execute(`insert into category (site_id, slug, name) values (?, 'counted-category', 'Counted')`, [
      app.deps.site.id,
    ]);
    const after = (await request(`${app.api}/site`)).body.counts;
    expect(after).toEqual({ live_listings: before.live_listings + 1, categories: before.categories + 1 });
  });

  it('serves liveness and readiness', async () => {
    expect((await request(`${app.url}/healthz`)).body).toEqual({ status: 'ok' });
    const ready = await request(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { postgres: true, temporal: true } });
  });
});
