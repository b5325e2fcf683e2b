import type { Browser } from 'playwright-core';
import { addCategory, addListing } from '../catalogue/fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { launchBrowser } from '../support/browser.js';
import { request } from '../support/http.js';

const pages = [
  '/',
  '/categories',
  '/categories/finance',
  '/leaderboards',
  '/leaderboards/billboard',
  '/listings/ledgerly',
  '/sign-in',
  '/docs',
];

describe('security headers', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startTestApp({ worker: false });
    await addCategory(app, 'finance', 'Finance');
    await addListing(app, { slug: 'ledgerly', name: 'Ledgerly', tagline: 'Invoices without pain', categories: ['finance'] });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it.each(pages)('%s: no inline script, no framing, no sniffing, no referrer', async (path) => {
    const res = await request(`${app.url}${path}`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.text).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  });

  it('API responses load nothing and cannot be framed', async () => {
    const res = await request(`${app.api}/site`);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('the pages run in Chromium without a single policy violation', async () => {
    const page = await (await browser.newContext()).newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    for (const path of pages) await page.goto(`${app.url}${path}`, { waitUntil: 'load' });
    // Swagger UI builds the docs page with scripts: it must render in full under the policy.
    await page.goto(`${app.url}/docs`, { waitUntil: 'networkidle' });
    await page.waitForSelector('.swagger-ui .opblock', { timeout: 15_000 });
    expect(violations).toEqual([]);
  });
});
