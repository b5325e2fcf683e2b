import { createApiKey } from '../../src/accounts/api-keys.js';
import { findUserByEmail } from '../../src/accounts/users.js';
import { addListing } from '../catalogue/fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { WebClient } from '../support/web-client.js';
import { htmlProblems } from './pages.js';

/**
 * The owner's stats page and its CSV over HTTP: a view over get_listing_stats for the signed-in
 * person, 404 for anyone else, a refused range shown on the form (400, never 500), and the CSV's
 * header row whatever the range holds.
 */
let app: TestApp;
let owner: WebClient;
let stranger: WebClient;
let launched: number;
let draft: number;

beforeAll(async () => {
  app = await startTestApp({ worker: false });
  owner = await WebClient.signedIn(app, 'maker@example.test');
  stranger = await WebClient.signedIn(app, 'stranger@example.test');
  const ownerId = (await findUserByEmail(app.deps.orm.em.fork(), 'maker@example.test'))!.id;
  launched = await addListing(app, { slug: 'rocket', name: 'Rocket', owner: ownerId, domain: 'rocket.test' });
  draft = await addListing(app, { slug: 'comet', name: 'Comet', owner: ownerId, status: 'draft' });
});
afterAll(() => app.close());

const today = () => new Date().toISOString().slice(0, 10);
const statsOf = (id: number) => `/me/listings/${id}/stats`;

describe('/me/listings/{id}/stats', () => {
  it('sends a visitor to sign in and back', async () => {
    const res = await new WebClient(app.url).get(`${statsOf(launched)}?from=2026-01-01`);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/sign-in?return_to=${encodeURIComponent(`${statsOf(launched)}?from=2026-01-01`)}`);
  });

  it("is linked from the owner's listing page", async () => {
    expect((await owner.get(`/me/listings/${launched}`)).html).toContain(`<a href="${statsOf(launched)}" id="stats-link">`);
  });

  it('shows the last 30 days by default, each figure with its table, in valid HTML', async () => {
    const page = await owner.get(statsOf(launched));
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.html).toContain('<h1>Numbers for Rocket</h1>');
    expect(page.html).toMatch(new RegExp(`<input type="date" id="f-to" name="to" value="${today()}">`));
    for (const id of ['totals-table', 'days-table', 'launch-day-table', 'votes-table', 'launch-week-table', 'days-chart']) {
      expect(page.html).toContain(`id="${id}"`);
    }
    expect((page.html.match(/<tr><th scope="row">/g) ?? []).length).toBeGreaterThanOrEqual(9 + 30 + 24 + 24 + 7);
    expect(page.html).toContain('id="badge-note"');
    expect(page.html).toContain('<title id="days-chart-title">Page views</title>');
    expect(page.html).not.toContain('<script>');
    expect(await htmlProblems(page.html)).toEqual([]);
  });

  it('says a listing that has not gone live has no launch day yet', async () => {
    const page = await owner.get(statsOf(draft));
    expect(page.status).toBe(200);
    expect(page.html).toContain('has not gone live yet');
    expect(page.html).not.toContain('id="launch-day-table"');
  });

  it('shows a refused range next to the date it names, as 400, never 500', async () => {
    const cases: [string, string, RegExp][] = [
      ['from=yesterday', 'from', /must be a date/],
      ['from=2026-02-30', 'from', /must be a date/],
      ['from=2026-03-10&to=2026-03-01', 'to', /must not be before from/],
      ['from=2024-01-01&to=2026-01-01', 'to', /at most 400 days/],
      ['from=2026-01-01&from=2026-01-02', 'from', /./],
    ];
    for (const [query, field, message] of cases) {
      const page = await owner.get(`${statsOf(launched)}?${query}`);
      expect({ query, status: page.status }).toEqual({ query, status: 400 });
      expect(page.html).toContain('role="alert" id="form-errors"');
      const error = new RegExp(
        `id="f-${field}" name="${field}"[^>]*aria-invalid="true"[^>]*>.*?<strong class="field-error" id="f-${field}-error">([^<]*)</strong>`,
      );
      expect(error.exec(page.html)?.[1]).toMatch(message);
      expect(page.html).not.toContain('id="totals-table"');
      expect(await htmlProblems(page.html)).toEqual([]);
    }
  });

  it('answers another person 404 for the page, the CSV and the operation', async () => {
    expect((await stranger.get(statsOf(launched))).status).toBe(404);
    expect((await stranger.get(`${statsOf(launched)}.csv`)).status).toBe(404);
    expect((await stranger.get(`/me/listings/999999/stats`)).status).toBe(404);
    expect((await owner.get(`/me/listings/nope/stats`)).status).toBe(404);
    const key = async (email: string) => {
      const em = app.deps.orm.em.fork();
      return (await createApiKey(em, (await findUserByEmail(em, email))!.id, 'stats')).key;
    };
    const api = (email: string) => async () =>
      request(`${app.api}/me/listings/${launched}/stats`, { headers: { authorization: `Bearer ${await key(email)}` } });
    expect((await api('stranger@example.test')()).status).toBe(404);
    expect((await api('maker@example.test')()).status).toBe(200);
  });
});

describe('/me/listings/{id}/stats.csv', () => {
  it('downloads the range as CSV with its header row, even when nothing was counted', async () => {
    const res = await owner.get(`${statsOf(launched)}.csv?from=2026-01-01&to=2026-01-02`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="rocket-stats-2026-01-01-to-2026-01-02.csv"');
    const lines = res.html.split('\r\n');
    expect(lines[0]).toBe('section,item,measure,count');
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1).map((line) => line.split(','));
    expect(rows.every((r) => r[3] === '0')).toBe(true);
    expect(rows.filter((r) => r[0] === 'day').map((r) => r[1])).toEqual([
      ...Array<string>(8).fill('2026-01-01'),
      ...Array<string>(8).fill('2026-01-02'),
    ]);
    expect(rows.filter((r) => r[0] === 'place' || r[0] === 'referrer')).toEqual([]);
  });

  it('is linked from the page with the range it shows', async () => {
    const page = await owner.get(`${statsOf(launched)}?from=2026-01-01&to=2026-01-31`);
    expect(page.html).toContain(`href="${statsOf(launched)}.csv?from=2026-01-01&amp;to=2026-01-31"`);
  });

  it('refuses a bad range with its message', async () => {
    const res = await owner.get(`${statsOf(launched)}.csv?to=2026-13-01`);
    expect(res.status).toBe(400);
    expect(res.html).toContain('must be a date');
  });
});
