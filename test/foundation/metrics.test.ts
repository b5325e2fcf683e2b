import { operations } from '../../api/operations/index.js';
import { loadConfig } from '../../src/config.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { freePort } from '../support/ports.js';
import { histogramCount, scrape, valueOf } from '../support/prometheus.js';
import { WebClient } from '../support/web-client.js';
import { insertListing, ownerWithKey } from '../listings/support.js';

const metric = (name: string) => `launch_directory_${name}`;

let app: TestApp;
let metricsUrl: string;

beforeAll(async () => {
  const port = await freePort();
  // The read cache on, as in production, so that its hits are counted.
  app = await startTestApp({ env: { METRICS_PORT: String(port), PUBLIC_READ_CACHE_MS: '60000' } });
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
});
afterAll(() => app?.close());

describe('METRICS_HOST and METRICS_PORT', () => {
  it('default to loopback, 9464 for an api process and 9465 for a worker; 0 is none', () => {
    expect(loadConfig({}).metrics).toEqual({ host: '127.0.0.1', apiPort: 9464, workerPort: 9465 });
    expect(loadConfig({ METRICS_PORT: '0' }).metrics).toMatchObject({ apiPort: 0, workerPort: 0 });
    expect(() => loadConfig({ METRICS_PORT: 'metrics' })).toThrow(/METRICS_PORT/);
  });
});

describe('/metrics', () => {
  it('is not served on the public port', async () => {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${app.api}/metrics`)).status).toBe(404);
  });

  it('answers nothing but /metrics on its own listener', async () => {
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(`${metricsUrl}/../api/v1/site`)).status).toBe(404);
  });

  it('has a series at 0 for every operation of the registry from the start, and the pools', async () => {
    const scraped = await scrape(metricsUrl);
    const { families } = scraped;
    const requests = families.get(metric('operation_requests_total'))!;
    expect(requests.type).toBe('COUNTER');
    const listed = new Set(requests.metrics.map((m) => m.labels?.operation));
    expect(operations.filter((op) => !listed.has(op.id)).map((op) => op.id)).toEqual([]);
    expect(families.get(metric('operation_duration_seconds'))?.type).toBe('HISTOGRAM');
    expect(histogramCount(scraped, metric('operation_duration_seconds'), { operation: 'get_listing' })).toBe(0);
    const pools = new Set(families.get(metric('db_pool_max_connections'))?.metrics.map((m) => m.labels?.pool));
    expect(pools).toEqual(new Set(['orm', 'reads', 'hot writes']));
    expect(valueOf(scraped, metric('db_pool_max_connections'), { pool: 'reads' })).toBe(app.deps.config.database.poolMax);
    expect(families.has('process_cpu_seconds_total')).toBe(true);
  });

  it('moves with requests, cache hits, searches, mails, votes and workflow starts', async () => {
    const owner = await ownerWithKey(app, 'metrics-owner@example.test');
    const listingId = await insertListing(app.deps.orm.em.fork(), app.deps.site.id, {
      slug: 'counted',
      ownerId: owner.id,
      status: 'live',
    });
    const before = await scrape(metricsUrl);

    expect((await request(`${app.api}/site`)).status).toBe(200);
    expect((await request(`${app.api}/site`)).status).toBe(200);
    expect((await request(`${app.api}/listings/no-such-listing`)).status).toBe(404);
    expect((await request(`${app.api}/listings?q=counted`)).status).toBe(200);
    const voter = new WebClient(app.url);
    await voter.signIn(app, 'metrics-voter@example.test');
    const page = await voter.get('/listings/counted');
    expect((await voter.submit(page, '/listings/counted/vote')).status).toBe(303);
    const posted = await owner.call('POST', `/me/listings/${listingId}/updates`, { title: 'Counted', body: 'Metrics moved.' });
    expect(posted.status).toBe(201);

    const after = await scrape(metricsUrl);
    const moved = (family: string, labels: Record<string, string> = {}) =>
      valueOf(after, metric(family), labels) - valueOf(before, metric(family), labels);
    expect(moved('operation_requests_total', { operation: 'get_site_info', status: '200' })).toBe(2);
    const durations = (s: typeof after) =>
      histogramCount(s, metric('operation_duration_seconds'), { operation: 'get_site_info' });
    expect(durations(after) - durations(before)).toBe(2);
    expect(moved('operation_requests_total', { operation: 'get_listing', status: '404' })).toBe(1);
    expect(moved('http_responses_total', { status: '404' })).toBeGreaterThanOrEqual(1);
    expect(moved('read_cache_lookups_total', { result: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(moved('read_cache_lookups_total', { result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(moved('search_index_catch_up_seconds')).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, metric('search_index_listings'))).toBeGreaterThanOrEqual(1);
    expect(moved('mails_total', { transport: 'outbox', result: 'sent' })).toBeGreaterThanOrEqual(1);
    // A brand-new account's vote is kept but not counted.
    expect(moved('vote_verdicts_total', { verdict: 'new_account', by: 'cast' })).toBe(1);
    expect(moved('workflow_starts_total', { workflow_type: 'listingUpdateNotice' })).toBe(1);
  });

  it("carries the Temporal SDK's own metrics of the worker", async () => {
    // The update notice above ran on this process's worker.
    await app.deps.temporal.client.workflow.getHandle(`listing-update-${await lastUpdateId()}`).result();
    const scraped = await scrape(metricsUrl);
    const sdk = [...scraped.families.keys()].filter((name) => name.startsWith('temporal_'));
    expect(sdk).toEqual(expect.arrayContaining(['temporal_workflow_completed', 'temporal_activity_execution_latency']));
    expect(valueOf(scraped, 'temporal_workflow_completed', { workflow_type: 'listingUpdateNotice' })).toBeGreaterThanOrEqual(1);
  });
});

async function lastUpdateId(): Promise<number> {
  const [{ id }] = await app.deps.orm.em.fork().execute<{ id: number }[]>('select max(id) as id from listing_update');
  return id;
}
