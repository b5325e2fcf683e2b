import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { insertListing } from '../listings/support.js';
import { startDraftWorld, type DraftWorld } from '../drafts/support.js';
import { addPromo } from '../orders/support.js';
import { sitesDir } from '../support/site-server.js';
import { accessibilityAtBothWidths, signInFromForm } from './checks.js';

/**
 * The founder's journey in Chromium against the real stack (app, worker, Temporal, PostgreSQL, a
 * loopback website): sign in by the mailed link, submit the site, watch the draft build without a
 * reload, edit the tagline and the founder, submit; choose the free launch (the badge gate unmet),
 * answer the interview, put the shown badge code into the website, "Check now", scheduled; buy a
 * paid launch with a promo code through the quote, the checkout page and the test provider, and
 * find the order with its invoice. Every owner page passes axe-core at phone and desktop widths.
 */
let dw: DraftWorld;
let browser: Browser;
let context: BrowserContext;
let releaseSite!: () => void;
const site = () => `http://static.gated.test:${dw.world.sites.port}/`;
/** The website's homepage as the founder edits it: the fixture's, until the badge code is pasted in. */
let homepage = readFileSync(`${sitesDir}static/index.html`, 'utf8');
let question: number;

beforeAll(async () => {
  browser = await launchBrowser();
  dw = await startDraftWorld();
  // The site's robots.txt waits for the test, so the progress page can be seen while the build runs.
  const gate = new Promise<void>((resolve) => (releaseSite = resolve));
  dw.world.dns.set('static.gated.test', ['127.0.0.1']);
  dw.world.sites.route('static.gated.test/robots.txt', (_req, res) => void gate.then(() => res.writeHead(404).end()));
  dw.world.sites.route('static.gated.test/', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(homepage);
  });
  const em = dw.app.deps.orm.em.fork();
  const [row] = await em.execute<{ id: number }[]>(
    `insert into interview_question (site_id, question, position) values (?, ?, 1) returning id`,
    [dw.app.deps.site.id, 'Why did you start?'],
  );
  question = row.id;
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  releaseSite?.();
  await browser?.close();
  await dw?.close();
});

const { found, check: checkAccessibility } = accessibilityAtBothWidths();

describe("the founder's journey in a real browser", () => {
  let draftUrl: string;

  it('signs in by the mailed link from /submit and comes back to it', async () => {
    const page = await context.newPage();
    await page.goto(`${dw.app.url}/`);
    await page.click('nav a:has-text("Submit")');
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await signInFromForm(page, dw.app, 'founder@example.test');
    await page.waitForURL(`${dw.app.url}/submit`);
    await checkAccessibility(page, '/submit');
  });

  it('submits the website and reaches ready on the progress page without a reload', async () => {
    const page = await context.newPage();
    await page.goto(`${dw.app.url}/submit`);
    await page.fill('input[name=url]', site());
    await page.click('button:has-text("Draft my listing")');
    await page.waitForURL(/\/me\/drafts\/[0-9a-f-]{36}$/);
    draftUrl = page.url();
    expect(await page.textContent('#draft-progress [data-progress="step"]')).toBe('Reading the website');
    await checkAccessibility(page, 'the draft page while building');

    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    await page.evaluate('window.sameDocument = true');
    releaseSite();
    await page.waitForSelector('#field-tagline', { timeout: 60_000 });
    expect(await page.evaluate('window.sameDocument')).toBe(true);
    expect(navigations).toBe(0);
    expect(await page.textContent('h1')).toContain('Your draft');
  });

  it('edits the tagline (edited) while the other fields keep their evidence, shows a refusal by its field, and submits', async () => {
    const page = await context.newPage();
    await page.goto(draftUrl);
    await checkAccessibility(page, 'the draft editor');
    await page.fill('#f-fields-tagline', 'Invoices that chase themselves');
    await page.click('#field-tagline button[value=save]');
    await page.waitForURL(`${draftUrl}#field-tagline`);
    expect(await page.getAttribute('#field-tagline', 'data-state')).toBe('edited');
    expect(await page.textContent('#field-tagline [data-field-state]')).toBe('edited by you');
    expect(await page.inputValue('#f-fields-tagline')).toBe('Invoices that chase themselves');
    expect(await page.getAttribute('#field-name', 'data-state')).toBe('ai');
    expect(await page.locator('#field-name ul.evidence li a').count()).toBeGreaterThan(0);
    expect(await page.locator('#field-description ul.evidence li').count()).toBeGreaterThan(0);

    await page.fill('#f-fields-country', 'Portugal');
    await page.click('#field-country button[value=save]');
    await page.waitForSelector('#f-fields-country-error');
    expect(await page.getAttribute('#f-fields-country', 'aria-invalid')).toBe('true');
    await checkAccessibility(page, 'the draft editor with a refused field');

    await page.goto(draftUrl);
    await page.fill('#f-founders-0-name', 'Rita Lopes');
    await page.fill('#f-founders-0-title', 'Co-founder and CEO');
    await page.fill(
      '#f-founders-0-bio',
      'Rita designed for freelancers for ten years in Lisbon before she started Tallyfox to end awkward reminders.',
    );
    await page.click('button:has-text("Save the founders")');
    await page.waitForURL(`${draftUrl}#founders-heading`);
    await page.click('button:has-text("Submit the listing")');
    await page.waitForURL(`${draftUrl}/submitted`);
    expect(await page.textContent('#submitted')).toMatch(/is saved as your listing #\d+/);
    await checkAccessibility(page, 'the submitted page');
  });

  it('says a listed product is already listed, with a claim button', async () => {
    const em = dw.app.deps.orm.em.fork();
    const [other] = await em.execute<{ id: number }[]>(`select id from app_user where email = 'stranger@example.test'`);
    const id = await insertListing(em, dw.app.deps.site.id, { slug: 'listed-co', ownerId: other.id, status: 'live' });
    await em.execute(`update listing set domain = 'listed.test' where id = ?`, [id]);
    const page = await context.newPage();
    await page.goto(`${dw.app.url}/submit`);
    await page.fill('input[name=url]', 'listed.test');
    await page.click('button:has-text("Draft my listing")');
    await page.waitForSelector('text=This product is already listed');
    await checkAccessibility(page, '/submit, already listed');
    await page.click('button:has-text("Claim Product listed-co")');
    expect(new URL(page.url()).pathname).toBe('/listings/listed-co/claim');
  });

  it('shows a failed build accessibly', async () => {
    const page = await context.newPage();
    await page.goto(`${dw.app.url}/submit`);
    await page.fill('input[name=url]', `http://closed.test:${dw.world.sites.port}/`);
    await page.click('button:has-text("Draft my listing")');
    await page.waitForSelector('text=Try this website again', { timeout: 60_000 });
    await checkAccessibility(page, 'a failed draft');
  });

  let listingUrl: string;

  it('chooses the free launch on the owner page, reached from the account page', async () => {
    const page = await context.newPage();
    await page.goto(`${dw.app.url}/account`);
    await page.click('#owner-links a:has-text("Your listings")');
    await page.waitForURL(`${dw.app.url}/me/listings`);
    await checkAccessibility(page, '/me/listings');
    await page.click('#my-listings a');
    await page.waitForURL(/\/me\/listings\/\d+$/);
    listingUrl = page.url();
    expect(await page.isVisible('button[data-copy="embed-code"]')).toBe(true);
    expect(await page.inputValue('#embed-code')).toContain('<a href=');
    await checkAccessibility(page, 'the owner page of a draft listing');
    await page.click('button:has-text("Choose the free launch")');
    await page.waitForURL(/#next-step$/);
    expect(await page.getAttribute('#listing-status', 'data-status')).toBe('awaiting_badge');
    expect(await page.textContent('#gates')).toContain('Last check:');
    expect(await page.getAttribute('#gate-badge', 'data-met')).toBe('false');
    await checkAccessibility(page, 'the owner page of a queued listing');
  });

  it('answers the interview, puts the shown badge code on the website, and "Check now" schedules the launch', async () => {
    const page = await context.newPage();
    await page.goto(listingUrl);
    expect(await page.getAttribute('#gate-founders', 'data-met')).toBe('false');
    await page.fill(`#f-interview-${question}`, 'Because invoices should chase themselves, not the people who send them.');
    await page.click('button:has-text("Save the answers")');
    await page.waitForSelector('#interview-saved');
    expect(await page.getAttribute('#gate-founders', 'data-met')).toBe('true');
    expect(await page.getAttribute('#gate-badge', 'data-met')).toBe('false');

    const code = await page.inputValue('#embed-code');
    homepage = homepage.replace('</body>', `${code}</body>`);
    await page.click('#gates button:has-text("Check now")');
    await page.waitForURL(/#next-step$/);
    // A check that outlasts the form's wait goes on; its result shows on a later read.
    for (let tries = 0; (await page.getAttribute('#listing-status', 'data-status')) !== 'scheduled' && tries < 200; tries++) {
      await page.waitForTimeout(150);
      await page.reload();
    }
    expect(await page.getAttribute('#listing-status', 'data-status')).toBe('scheduled');
    expect(await page.getAttribute('#gate-badge', 'data-met')).toBe('true');
    await checkAccessibility(page, 'the owner page of a scheduled listing');
  });

  it('posts an update and adds a milestone on the owner page, with a refusal by its field', async () => {
    const page = await context.newPage();
    await page.goto(listingUrl);
    await page.fill('#f-update-title', 'Reminders by text message');
    await page.fill('#f-update-body', 'Tallyfox now sends reminders by text message too.');
    await page.click('button:has-text("Post the update")');
    await page.waitForSelector('#update-posted');
    expect(await page.textContent('#update-posted')).toContain('0 followers will be told');
    await page.fill('#f-milestone-date', '2026-01-15');
    await page.fill('#f-milestone-title', 'First 100 customers');
    await page.click('button:has-text("Add the milestone")');
    await page.waitForURL(/#milestones-heading$/);
    expect(await page.textContent('#milestone-list')).toContain('First 100 customers');
    await page.fill('#f-milestone-date', 'soon');
    await page.fill('#f-milestone-title', 'Next');
    await page.click('button:has-text("Add the milestone")');
    await page.waitForSelector('#f-milestone-date-error');
    await checkAccessibility(page, 'the owner page with a refused milestone');
  });

  it('buys a paid launch with a promo code: quote, checkout page, test payment, the order with its invoice', async () => {
    const em = dw.app.deps.orm.em.fork();
    const [me] = await em.execute<{ id: number }[]>(`select id from app_user where email = 'founder@example.test'`);
    const id = await insertListing(em, dw.app.deps.site.id, { slug: 'paid-journey', ownerId: me.id });
    await em.execute(`update listing set category_ids = array[(select min(id) from category)] where id = ?`, [id]);
    await addPromo(dw.app, { code: 'HALF', value: 5000, productKeys: ['launch'] });
    const page = await context.newPage();
    await page.goto(`${dw.app.url}/me/listings/${id}`);
    await page.fill('#f-billing_country', 'ZZ');
    await page.click('button:has-text("See the price")');
    await page.waitForSelector('#f-billing_country-error');
    await checkAccessibility(page, 'the owner page with a refused launch form');
    expect(await page.locator('#f-week option').count()).toBeGreaterThan(1);
    await page.fill('#f-billing_country', 'DE');
    await page.fill('#f-promo_code', 'HALF');
    await page.click('button:has-text("See the price")');
    await page.waitForSelector('#lines');
    expect(await page.textContent('#promo-result')).toContain('off');
    await checkAccessibility(page, 'the quote of a paid launch');
    await page.click('button:has-text("Go to checkout")');
    await page.waitForURL(/\/checkout\/LD-\d{4}-\d{6}\?t=/);
    const number = /LD-\d{4}-\d{6}/.exec(page.url())![0];
    await page.fill('#name', 'Founder Ltd');
    await page.click('#pay');
    await page.waitForSelector('#order-status:not([data-status="pending"])');

    await page.goto(`${dw.app.url}/me/orders`);
    expect(await page.textContent(`tr[data-order="${number}"]`)).toContain('TEST');
    await checkAccessibility(page, '/me/orders');
    await page.click(`a:has-text("${number}")`);
    for (let tries = 0; !(await page.isVisible('#invoice')) && tries < 200; tries++) {
      await page.waitForTimeout(150);
      await page.reload();
    }
    expect(await page.getAttribute('#order-status', 'data-status')).toBe('fulfilled');
    expect(await page.textContent('#invoice')).toMatch(/Invoice \S+/);
    await checkAccessibility(page, 'a fulfilled order');
  });

  it("answers another person's draft page with 404", async () => {
    const other = await browser.newContext();
    const page = await other.newPage();
    await page.goto(`${dw.app.url}/sign-in`);
    await signInFromForm(page, dw.app, 'stranger@example.test');
    await page.waitForURL(`${dw.app.url}/account`);
    const response = await page.goto(draftUrl);
    expect(response?.status()).toBe(404);
    expect(await page.textContent('h1')).toBe('Not found');
    await other.close();
  });

  it('found no axe-core violation on any owner page at 390 px and 1280 px', () => {
    expect(found).toEqual({});
  });
});
