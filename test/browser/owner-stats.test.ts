import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { addListing, addUser, addVotes, sql } from '../catalogue/fixtures.js';
import { connect } from '../mcp/support.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { launchBrowser } from '../support/browser.js';
import { accessibilityAtBothWidths, signInFromForm } from './checks.js';

/**
 * A launch's numbers from end to end in Chromium: a visitor follows "Visit website" from the
 * listing page and from the leaderboard, a crawler follows one too; the owner's stats page shows
 * two visits, one per place, and the same rows in its CSV and in get_listing_stats over MCP;
 * anyone else gets 404 for the page and the operation. The page passes axe at both widths, light and dark.
 */
let app: TestApp;
let browser: Browser;
let website: Server;
let websiteUrl: string;
let listingId: number;
const visitorAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const crawlerAgent = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** Where the test leaves the stats page's picture, for a person to look at. */
const screenshot = join(tmpdir(), 'launch-directory-owner-stats-1280.png');

beforeAll(async () => {
  browser = await launchBrowser();
  app = await startTestApp({ worker: false });
  // The listing's own website, on loopback: the redirect must land here with its query kept.
  website = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Rocket home</title>'));
  await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
  websiteUrl = `http://127.0.0.1:${(website.address() as AddressInfo).port}/welcome?lang=en`;
  const owner = await addUser(app, 'maker@example.test');
  await addUser(app, 'stranger@example.test');
  listingId = await addListing(app, { slug: 'rocket', name: 'Rocket', owner, domain: 'rocket.test' });
  await sql(app, 'update listing set website_url = ? where id = ?', [websiteUrl, listingId]);
  // Votes this week put Rocket on the community leaderboard of the week.
  await addVotes(app, listingId, 3);
});
afterAll(async () => {
  await browser?.close();
  website?.close();
  await app?.close();
});

const statsPath = () => `/me/listings/${listingId}/stats`;
const { found, check: checkAccessibility } = accessibilityAtBothWidths();

/** Follows the link to Rocket's website that stands on `path` for `place`, and lands on the website. */
async function visitFrom(page: Page, path: string, place: string): Promise<URL> {
  await page.goto(`${app.url}${path}`);
  await page.click(`a[href*="/go/rocket?via=${place}"]`);
  await page.waitForURL((url) => url.origin === new URL(websiteUrl).origin);
  return new URL(page.url());
}

/** The rows of a table on the page, each as its cells' text. */
async function tableRows(page: Page, id: string): Promise<string[][]> {
  return page.$$eval(`#${id} tbody tr`, (rows) =>
    rows.map((row) => [...row.children].map((cell) => cell.textContent?.trim() ?? '')),
  );
}

async function signedInContext(email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: visitorAgent });
  const page = await context.newPage();
  await page.goto(`${app.url}/sign-in`);
  await signInFromForm(page, app, email);
  await page.waitForURL(`${app.url}/account`);
  return { context, page };
}

describe("a launch's visits, from the click to the owner's numbers", () => {
  let owner: { context: BrowserContext; page: Page };

  it('sends a visitor from the listing page and from the leaderboard to the website, with its query and our ref', async () => {
    const visitor = await (await browser.newContext({ userAgent: visitorAgent })).newPage();
    for (const [path, place] of [
      ['/listings/rocket', 'listing'],
      ['/leaderboards/community-weekly', 'leaderboard'],
    ]) {
      const landed = await visitFrom(visitor, path, place);
      expect({
        place,
        path: landed.pathname,
        lang: landed.searchParams.get('lang'),
        ref: !!landed.searchParams.get('ref'),
      }).toEqual({
        place,
        path: '/welcome',
        lang: 'en',
        ref: true,
      });
    }
    // A crawler follows the same link: it is not a visitor and is not counted.
    const crawler = await (await browser.newContext({ userAgent: crawlerAgent })).newPage();
    await visitFrom(crawler, '/listings/rocket', 'listing');
  });

  it('shows the owner two visits, one per place, within 5 s, from a link on the listing page', async () => {
    owner = await signedInContext('maker@example.test');
    const { page } = owner;
    await page.goto(`${app.url}/me/listings/${listingId}`);
    await page.click('#stats-link');
    await page.waitForURL(`${app.url}${statsPath()}`);
    const deadline = Date.now() + 5_000;
    while ((await tableRows(page, 'places-table')).length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await page.reload();
    }
    expect((await tableRows(page, 'places-table')).sort()).toEqual([
      ['Leaderboards', '1'],
      ['Your listing page', '1'],
    ]);
    expect(await tableRows(page, 'totals-table')).toContainEqual(['Visits to your website', '2']);
    // Our pages send no referrer, so both visits started from no referring page.
    expect(await tableRows(page, 'referrers-table')).toEqual([['No referring page', '2']]);
    const today = (await tableRows(page, 'days-table')).at(-1)!;
    expect(today[2]).toBe('2');
    // The chart draws what the table says: two bars of equal length, labelled by place.
    const bars = await page.$$eval('#places-chart rect.column', (rects) => rects.map((r) => r.getAttribute('width')));
    expect(bars).toHaveLength(2);
    expect(bars[0]).toBe(bars[1]);
    expect(await page.textContent('#places-chart')).toContain('Your listing page');
    await page.screenshot({ path: screenshot, fullPage: true });
    await checkAccessibility(page, 'the stats page');
    await page.emulateMedia({ colorScheme: 'dark' });
    await checkAccessibility(page, 'the stats page, dark');
  });

  it('offers the same rows as CSV', async () => {
    const { page, context } = owner;
    const href = await page.getAttribute('#stats-csv', 'href');
    const res = await context.request.get(`${app.url}${href}`);
    expect(res.status()).toBe(200);
    const rows = (await res.text())
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(','));
    expect(rows[0]).toEqual(['section', 'item', 'measure', 'count']);
    expect(rows.filter((r) => r[0] === 'place').sort()).toEqual([
      ['place', 'leaderboard', 'clicks', '1'],
      ['place', 'listing', 'clicks', '1'],
    ]);
    expect(rows).toContainEqual(['total', '', 'clicks', '2']);
    expect(rows).toContainEqual(['referrer', '', 'clicks', '2']);
  });

  let mcp: Client | undefined;
  afterAll(() => mcp?.close());

  it('gives the same numbers over MCP, and 404 to anyone else there and on the page', async () => {
    const keyOf = async (email: string) => {
      const [user] = await sql<{ id: number }>(app, 'select id from app_user where email = ?', [email]);
      return (await createApiKey(app.deps.orm.em.fork(), user.id, 'stats test')).key;
    };
    mcp = await connect(`${app.url}/mcp`, '2026-07-28', { authorization: `Bearer ${await keyOf('maker@example.test')}` });
    const result = await mcp.callTool({ name: 'get_listing_stats', arguments: { listing_id: listingId } });
    expect(result.isError ?? false).toBe(false);
    const stats = result.structuredContent as {
      totals: { clicks: number };
      clicks: { by_place: { place: string; clicks: number }[]; by_referrer: { host: string | null; clicks: number }[] };
    };
    expect(stats.totals.clicks).toBe(2);
    expect([...stats.clicks.by_place].sort((a, b) => a.place.localeCompare(b.place))).toEqual([
      { place: 'leaderboard', clicks: 1 },
      { place: 'listing', clicks: 1 },
    ]);
    expect(stats.clicks.by_referrer).toEqual([{ host: null, clicks: 2 }]);

    const stranger = await connect(`${app.url}/mcp`, '2026-07-28', {
      authorization: `Bearer ${await keyOf('stranger@example.test')}`,
    });
    try {
      const refused = await stranger.callTool({ name: 'get_listing_stats', arguments: { listing_id: listingId } });
      expect(refused.isError).toBe(true);
      expect((refused.structuredContent as { status: number }).status).toBe(404);
    } finally {
      await stranger.close();
    }
    const { context, page } = await signedInContext('stranger@example.test');
    const response = await page.goto(`${app.url}${statsPath()}`);
    expect(response?.status()).toBe(404);
    expect((await context.request.get(`${app.url}${statsPath()}.csv`)).status()).toBe(404);
  });

  it('passes axe at 390 and 1280 px, light and dark', () => {
    expect(found).toEqual({});
  });
});
