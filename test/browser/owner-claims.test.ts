import type { ServerResponse } from 'node:http';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { insertListing } from '../listings/support.js';
import { startDraftWorld, type DraftWorld } from '../drafts/support.js';
import { accessibilityAtBothWidths, signInFromForm } from './checks.js';

/**
 * Claiming another person's live listing in Chromium against the real stack (app, worker,
 * Temporal, PostgreSQL, a loopback website and DNS): a visitor follows "Claim it", signs in by the
 * mailed link, chooses the meta tag, the site publishes the tag shown, Check now verifies, and the
 * listing is theirs. Every claim page passes axe-core at phone and desktop widths.
 */
let dw: DraftWorld;
let browser: Browser;
let context: BrowserContext;
let listingId: number;
const slug = 'tagclaim';

const serveHomepage = (head: string) =>
  dw.world.sites.route(`${slug}.test/`, (_req: unknown, res: ServerResponse) =>
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<html><head>${head}<title>Tagclaim</title></head><body>Hi</body></html>`),
  );

beforeAll(async () => {
  browser = await launchBrowser();
  dw = await startDraftWorld();
  // Person A's live listing, whose website is a loopback site answering through the test DNS.
  const em = dw.app.deps.orm.em.fork();
  const [a] = await em.execute<{ id: number }[]>(`select id from app_user where email = 'founder@example.test'`);
  listingId = await insertListing(em, dw.app.deps.site.id, { slug, ownerId: a.id, status: 'live' });
  await em.execute('update listing set website_url = ?, domain = ? where id = ?', [
    dw.world.urlOf(slug),
    `${slug}.test`,
    listingId,
  ]);
  dw.world.dns.set(`${slug}.test`, ['127.0.0.1']);
  serveHomepage('');
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await dw?.close();
});

const { found, check: checkAccessibility } = accessibilityAtBothWidths();

describe("claiming another person's listing in a real browser", () => {
  let claimUrl: string;

  it('follows "Claim it" from the public page, signs in by the mailed link and comes back to the claim form', async () => {
    const page = await context.newPage();
    await page.goto(`${dw.app.url}/listings/${slug}`);
    await checkAccessibility(page, 'the public listing page');
    await page.click('#claim-it a:has-text("Claim it")');
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await signInFromForm(page, dw.app, 'claimant@example.test');
    await page.waitForURL(`${dw.app.url}/listings/${slug}/claim`);
    await checkAccessibility(page, 'the claim form');
  });

  it('shows a refused address next to the email field', async () => {
    const page = await context.newPage();
    await page.goto(`${dw.app.url}/listings/${slug}/claim`);
    await page.check('input[name=method][value=email]');
    await page.fill('#f-email', `someone@${slug}.test`);
    await page.click('button:has-text("Start the claim")');
    await page.waitForSelector('#f-email-error');
    expect(await page.textContent('#f-email-error')).toContain(`admin@${slug}.test`);
    expect(await page.getAttribute('#f-email', 'aria-invalid')).toBe('true');
    await checkAccessibility(page, 'the claim form with a refused email');
  });

  it('chooses the meta tag by keyboard and is shown the exact tag, with a Copy button', async () => {
    const page = await context.newPage();
    await page.goto(`${dw.app.url}/listings/${slug}/claim`);
    await page.focus('input[name=method][value=dns]');
    await page.keyboard.press('ArrowDown');
    expect(await page.isChecked('input[name=method][value=meta]')).toBe(true);
    await page.focus('button:has-text("Start the claim")');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/me\/claims\/\d+$/);
    claimUrl = page.url();
    expect(await page.getAttribute('#claim-status', 'data-status')).toBe('pending');
    expect(await page.inputValue('#proof-value')).toMatch(/^<meta name="launch-directory-verification" content="[0-9a-f]{32}">$/);
    expect(await page.inputValue('#proof-where')).toBe(dw.world.urlOf(slug));
    expect(await page.isVisible('button[data-copy="proof-value"]')).toBe(true);
    expect(await page.textContent('#last-check')).toContain('Last check: not yet');
    await checkAccessibility(page, 'a pending claim');
  });

  it('puts the tag on the website, presses Check now, is verified and finds the listing under /me/listings', async () => {
    const page = await context.newPage();
    await page.goto(claimUrl);
    serveHomepage(await page.inputValue('#proof-value'));
    await page.focus('button:has-text("Check now")');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${claimUrl}#check`);
    expect(await page.getAttribute('#claim-status', 'data-status')).toBe('verified');
    expect(await page.textContent('#check-result')).toBe(`meta tag found on ${dw.world.urlOf(slug)}`);
    await checkAccessibility(page, 'a verified claim');

    await page.click('#claim-verified a:has-text("manage the listing")');
    await page.waitForURL(`${dw.app.url}/me/listings/${listingId}`);
    await page.goto(`${dw.app.url}/me/listings`);
    expect(await page.textContent('#my-listings')).toContain(`Product ${slug}`);
  });

  it('lists the claim under /me/claims, linked to its page', async () => {
    const page = await context.newPage();
    await page.goto(`${dw.app.url}/me/claims`);
    expect(await page.textContent('#my-claims tbody tr')).toContain('Verified');
    await checkAccessibility(page, '/me/claims');
    await page.click('#my-claims a:has-text("Claim #")');
    await page.waitForURL(claimUrl);
  });

  it('found no axe-core violation on any claim page at 390 px and 1280 px', () => {
    expect(found).toEqual({});
  });
});
