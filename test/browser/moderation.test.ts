import type { ChildProcess } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { latestMail } from '../../src/mail/outbox.js';
import { addListing, addUser, addVotes, sql } from '../catalogue/fixtures.js';
import { rawPost, modernHeaders, modernMeta } from '../mcp/support.js';
import { startApiProcess } from '../support/api-process.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { launchBrowser } from '../support/browser.js';
import { request } from '../support/http.js';
import { accessibilityAtBothWidths, signInFromForm } from './checks.js';

/**
 * Issue 42's acceptance end to end: a visitor reports a live listing as a scam, the operator takes
 * it down at /admin/cases, every read path of two api processes drops it within a second, the
 * owner appeals from /me/cases with the statement of reasons in their mail, the operator reverses,
 * and the listing is back with its votes and rank. axe checks the new pages at both widths.
 */
describe('a report, a takedown, an appeal and a reversal in a real browser', () => {
  let app: TestApp;
  let browser: Browser;
  let origins: string[];
  const apis: ChildProcess[] = [];
  const axe = accessibilityAtBothWidths();

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startTestApp({ worker: false });
    const other = await startApiProcess(app.env, apis);
    origins = [app.url, other.api.replace(/\/api\/v1$/, '')];
    const owner = await addUser(app, 'maker@example.test');
    const team = await addUser(app, 'team@example.test');
    await sql(app, "update app_user set role = 'admin' where id = ?", [team]);
    await addVotes(app, await addListing(app, { slug: 'alpha', name: 'Alpha' }), 5);
    await addVotes(app, await addListing(app, { slug: 'scamco', name: 'Scamco', owner }), 3);
    await addVotes(app, await addListing(app, { slug: 'beta', name: 'Beta' }), 1);
    await addUser(app, 'spammer@example.test');
  });
  afterAll(async () => {
    for (const api of apis) if (api.exitCode === null) api.kill('SIGKILL');
    await browser?.close();
    await app?.close();
  });

  const signedIn = async (email: string, path: string): Promise<Page> => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${app.url}/sign-in?return_to=${encodeURIComponent(path)}`);
    await signInFromForm(page, app, email);
    await page.goto(`${app.url}${path}`);
    return page;
  };

  const mcpListing = async (origin: string) =>
    (
      await rawPost(
        `${origin}/mcp`,
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'get_listing', arguments: { slug: 'scamco' }, _meta: modernMeta },
        },
        modernHeaders('tools/call', 'get_listing'),
      )
    ).body.result;

  /** Where each api process shows the listing: REST and MCP, search, the week, the leaderboard, the sitemap. */
  const seenIn = async (origin: string) => {
    const api = `${origin}/api/v1`;
    const listed = async (path: string) => JSON.stringify((await request(`${api}${path}`)).body).includes('"scamco"');
    return {
      rest: (await request(`${api}/listings/scamco`)).status,
      mcp: (await mcpListing(origin)).isError ? 'error' : 'found',
      search: await listed('/listings?q=scamco'),
      week: await listed('/launches/weeks/this'),
      leaderboard: await listed('/leaderboards/community-weekly'),
      sitemap: (await request(`${origin}/sitemap.xml`)).text.includes('/listings/scamco'),
    };
  };
  const present = { rest: 200, mcp: 'found', search: true, week: true, leaderboard: true, sitemap: true };
  const gone = { rest: 404, mcp: 'error', search: false, week: false, leaderboard: false, sitemap: false };

  /** Polls every process until it shows `expected`, for at most `ms`. */
  const within = async (ms: number, expected: typeof present | typeof gone) => {
    const deadline = Date.now() + ms;
    let seen = await Promise.all(origins.map(seenIn));
    while (Date.now() < deadline && !seen.every((s) => JSON.stringify(s) === JSON.stringify(expected))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await Promise.all(origins.map(seenIn));
    }
    return seen;
  };

  const rankOf = async () => {
    const week = (await request(`${app.api}/launches/weeks/this`)).body;
    return {
      votes: (await request(`${app.api}/listings/scamco`)).body.votes,
      rank: week.items.findIndex((i: { slug: string }) => i.slug === 'scamco'),
    };
  };

  it('takes the listing down everywhere within a second and brings it back exactly after the appeal', async () => {
    expect(await within(1000, present)).toEqual([present, present]);
    const before = await rankOf();
    expect(before).toEqual({ votes: 3, rank: 1 });

    // A visitor reports it from its page.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${app.url}/listings/scamco`);
    await visitor.click('text=Report this listing');
    await axe.check(visitor, '/report');
    await visitor.selectOption('select[name=category]', 'scam_or_spam');
    await visitor.fill('textarea[name=explanation]', 'It takes payment and never delivers anything.');
    await visitor.fill('input[name=email]', 'visitor@example.test');
    await visitor.check('input[name=good_faith]');
    await visitor.click('button:has-text("Send report")');
    const number = (await visitor.textContent('main strong'))!.trim();
    expect(number).toMatch(/^C-\d{4}-\d{6}$/);

    // The operator takes it down at /admin/cases with a ground.
    const operator = await signedIn('team@example.test', '/admin/cases');
    await axe.check(operator, '/admin/cases');
    await operator.selectOption(`#action-${number}`, 'take_down');
    await operator.fill(`#ground-${number}`, 'scams');
    await operator.fill(`#facts-${number}`, 'Three buyers paid and received nothing; the site has no product.');
    await operator.click(`#case-${number} button:has-text("Decide")`);
    // An unknown ground is refused on the form itself, with what was written kept.
    await operator.waitForSelector(`#ground-${number}[aria-invalid=true]`);
    expect(await operator.inputValue(`#facts-${number}`)).toBe(
      'Three buyers paid and received nothing; the site has no product.',
    );
    expect(await operator.inputValue(`#action-${number}`)).toBe('take_down');
    await axe.check(operator, '/admin/cases with a refused decision');
    await operator.fill(`#ground-${number}`, 'scam');
    await operator.click(`#case-${number} button:has-text("Decide")`);
    await operator.waitForURL(`${app.url}/admin/cases#case-${number}`);
    expect(await within(1000, gone)).toEqual([gone, gone]);

    // The owner's mail holds the statement of reasons; they appeal from /me/cases.
    const [statement] = await latestMail(app.deps.orm.em.fork(), 1, 'maker@example.test');
    expect(statement.text_body).toContain('Ground: scam');
    expect(statement.text_body).toContain('Three buyers paid and received nothing');
    const owner = await signedIn('maker@example.test', '/me/cases');
    await axe.check(owner, '/me/cases');
    await owner.fill(`#case-${number} textarea[name=explanation]`, 'We deliver: here are the shipping records.');
    await owner.click(`#case-${number} button:has-text("Appeal this decision")`);
    await owner.waitForURL(`${app.url}/me/cases#case-${number}`);
    expect(await owner.textContent(`#case-${number}`)).toContain('Your appeal waits');

    // The operator reverses; the listing is back with its votes and rank.
    await operator.goto(`${app.url}/admin/cases`);
    expect(await operator.textContent(`#case-${number} h3`)).toContain('(appeal)');
    await operator.fill(`#reverse-facts-${number}`, 'The shipping records show the orders were delivered.');
    await operator.click(`#case-${number} button:has-text("Reverse the decision")`);
    await operator.waitForURL(`${app.url}/admin/cases#case-${number}`);
    expect(await within(1000, present)).toEqual([present, present]);
    expect(await rankOf()).toEqual(before);

    // The other admin pages, with a row each: a block from /admin/people, and the audit log.
    await operator.goto(`${app.url}/admin/people`);
    await operator.fill('#block-email', 'spammer@example.test');
    await operator.fill('#block-reason', 'Posts the same link under every listing.');
    await operator.click('button:has-text("Block the account")');
    await operator.waitForURL(`${app.url}/admin/people`);
    expect(await operator.textContent('main table')).toContain('spammer@example.test');
    await axe.check(operator, '/admin/people');
    await operator.goto(`${app.url}/admin/audit`);
    await axe.check(operator, '/admin/audit');
    expect(await operator.textContent('main table')).toContain('case.reverse');
    for (const path of ['/transparency', '/rules']) {
      await operator.goto(`${app.url}${path}`);
      await axe.check(operator, path);
    }
    expect(axe.found).toEqual({});
  });
});
