import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { launchBrowser } from '../support/browser.js';
import { request } from '../support/http.js';

describe('account area in a real browser', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startTestApp({ worker: false });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('signs in through the email link, creates an API key on the account page, uses it, and revokes it', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${app.url}/account`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');

    await page.fill('input[name=email]', 'browser@example.com');
    await page.click('button[type=submit]');
    await page.waitForSelector('text=Check your email');

    // The development outbox is a page of the site; open the mailed link from there.
    await page.goto(`${app.url}/dev/mail?to=browser@example.com`);
    await page.click('article.mail a[href*="/sign-in/link"]');
    await page.click('button:has-text("Sign in as browser@example.com")');
    await page.waitForURL(`${app.url}/account`);
    expect(await page.textContent('#account-email')).toBe('browser@example.com');

    await page.fill('input[name=name]', 'from the browser');
    await page.click('button:has-text("Create API key")');
    const key = (await page.textContent('#new-api-key'))!.trim();
    expect(key).toMatch(/^ldk_[A-Za-z0-9_-]{43}$/);

    const me = await request(`${app.api}/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe('browser@example.com');
    expect(me.body.auth.via).toBe('api_key');

    await page.goto(`${app.url}/account`);
    expect(await page.textContent('tbody')).toContain('from the browser');
    expect(await page.content()).not.toContain(key);
    await page.click('tr:has-text("from the browser") button:has-text("Revoke")');
    await page.waitForURL(`${app.url}/account`);
    expect(await page.textContent('tbody')).not.toContain('from the browser');
    expect((await request(`${app.api}/me`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(401);
  });
});
