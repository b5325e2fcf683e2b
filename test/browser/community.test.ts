import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { launchBrowser } from '../support/browser.js';
import { request } from '../support/http.js';
import { addListing, addUser } from '../catalogue/fixtures.js';
import { seriousAxeViolations, signInFromForm } from './checks.js';

describe('people on the site in a real browser', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    // People here sign up and vote at once: the new_account rule is tested in test/community.
    app = await startTestApp({ worker: false, env: { VOTE_MIN_ACCOUNT_AGE_HOURS: '0' } });
    const owner = await addUser(app, 'maker@example.test');
    await addListing(app, { slug: 'rocket', name: 'Rocket', owner });
    await addListing(app, { slug: 'comet', name: 'Comet' });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const votes = async (slug: string) => (await request(`${app.api}/listings/${slug}`)).body.votes;
  const weeklyVotes = async (slug: string) =>
    (await request(`${app.api}/leaderboards/community-weekly`)).body.items.find(
      (i: { listing: { slug: string } }) => i.listing.slug === slug,
    )?.metric.votes ?? 0;
  const voteButton = (page: Page) => page.locator('#vote button');

  it('signs in from a vote click and comes back, votes, withdraws, follows and reviews', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${app.url}/listings/comet`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Signed out, the vote button leads to sign-in and, once signed in, back to the listing.
    await voteButton(page).click();
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await signInFromForm(page, app, 'pat@example.test');
    await page.waitForURL(`${app.url}/listings/comet`);

    // The script votes in place; the count is the one get_listing and community-weekly give.
    await voteButton(page).click();
    await page.waitForSelector('#vote button[aria-pressed="true"]');
    expect(await page.textContent('#vote .count')).toBe('1 community vote');
    expect(await votes('comet')).toBe(1);
    expect(await weeklyVotes('comet')).toBe(1);
    await page.reload();
    expect(await page.textContent('#vote .count')).toBe('1 community vote');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await voteButton(page).click();
    await page.waitForSelector('#vote button[aria-pressed="false"]');
    expect(await page.textContent('#vote .count')).toBe('0 community votes');
    expect(await votes('comet')).toBe(0);
    expect(await weeklyVotes('comet')).toBe(0);

    // Vote and follow are reachable and usable by keyboard alone.
    await page.reload();
    await tabTo(page, '#vote button');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#vote button[aria-pressed="true"]');
    expect(await votes('comet')).toBe(1);
    await tabTo(page, '#follow button');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#follow button[aria-pressed="true"]');
    expect(await page.textContent('#follow .count')).toBe('1 follower');
    await page.goto(`${app.url}/account`);
    expect(await page.textContent('#following + p + ol')).toContain('Comet');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(`${app.url}/listings/rocket`);
    await page.selectOption('#review-rating', '4');
    await page.fill('#review-body', 'Does what it says.');
    await page.click('button:has-text("Post review")');
    await page.waitForSelector('text=Edit your review');
    expect(await page.textContent('#rating')).toContain('4 out of 5 from 1 review');
    expect(await page.textContent('#reviews')).toContain('Does what it says.');
  });

  it('shows the owner that they cannot vote, and leaves their own review out of the rating', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${app.url}/sign-in?return_to=/listings/rocket`);
    await signInFromForm(page, app, 'maker@example.test');
    await page.waitForURL(`${app.url}/listings/rocket`);
    expect(await page.locator('#vote').count()).toBe(0);
    expect(await page.textContent('.vote-own')).toContain('You cannot vote for your own listing');

    await page.selectOption('#review-rating', '1');
    await page.click('button:has-text("Post review")');
    await page.waitForSelector('text=Edit your review');
    expect(await page.textContent('#rating')).toContain('4 out of 5 from 1 review');
    expect(await page.textContent('#reviews')).toContain('by the owner, not counted');
    expect((await request(`${app.api}/listings/rocket`)).body.community_rating).toMatchObject({ average: 4, count: 1 });
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

/** Presses Tab until the element matching `selector` has the focus (fails after 60 presses). */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if ((await page.locator(`${selector}:focus`).count()) > 0) return;
  }
  throw new Error(`${selector} is not reachable with the Tab key`);
}
