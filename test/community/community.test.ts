import { operations } from '../../api/operations/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { WebClient, type Page } from '../support/web-client.js';
import { addListing, addUser, recountedLedger, sql, storedDocument, weeksFromNow } from '../catalogue/fixtures.js';
import { runCli as cli } from '../support/cli.js';
import { htmlProblems } from '../web/pages.js';

const actionsPerHour = 24;
let app: TestApp;
let ownerId: number;

beforeAll(async () => {
  // People here sign up and vote at once: the new_account rule (test/community/vote-ledger.test.ts) is off.
  app = await startTestApp({
    worker: false,
    env: { COMMUNITY_ACTIONS_PER_HOUR: String(actionsPerHour), VOTE_MIN_ACCOUNT_AGE_HOURS: '0' },
  });
  ownerId = await addUser(app, 'owner@example.test');
  await addUser(app, 'team@example.test');
  await addListing(app, { slug: 'rocket', name: 'Rocket', owner: ownerId });
  await addListing(app, { slug: 'comet', name: 'Comet' });
  await addListing(app, { slug: 'later', name: 'Later', status: 'scheduled', launch_week: weeksFromNow(2) });
  await addListing(app, { slug: 'hidden', name: 'Hidden', status: 'draft' });
});
afterAll(() => app?.close());

async function person(email: string): Promise<WebClient> {
  const client = new WebClient(app.url);
  await client.signIn(app, email);
  return client;
}

const listing = async (slug: string) => (await request(`${app.api}/listings/${slug}`)).body;
const weekly = async () => (await request(`${app.api}/leaderboards/community-weekly`)).body;
const weeklyVotes = async (slug: string) =>
  (await weekly()).items.find((i: { listing: { slug: string } }) => i.listing.slug === slug)?.metric.votes ?? 0;

/** Submits the listing page's form for `kind` (vote, follow or review) with extra fields. */
async function act(client: WebClient, slug: string, kind: string, extra: Record<string, string> = {}): Promise<Page> {
  const page = await client.get(`/listings/${slug}`);
  return client.submit(page, `/listings/${slug}/${kind}`, extra);
}

describe('votes', () => {
  it('counts one vote per person while live, on the page, in get_listing and in community-weekly, and withdraws it', async () => {
    const ann = await person('ann@example.test');
    await listing('comet');
    const document = await storedDocument(app, 'comet');
    expect(document?.body).toEqual(expect.any(String));
    const voted = await act(ann, 'comet', 'vote');
    expect(voted.status).toBe(303);
    expect(voted.location).toBe('/listings/comet#vote');
    expect((await listing('comet')).votes).toBe(1);
    expect((await listing('comet')).vote_ledger).toMatchObject({ cast: 1, counted: 1 });
    expect(await weeklyVotes('comet')).toBe(1);
    const page = await ann.get('/listings/comet');
    expect(page.html).toMatch(/aria-pressed="true"><span class="label">▲ Voted<\/span> <span class="count">1 community vote</);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('vary')).toBe('Cookie');
    expect(await htmlProblems(page.html)).toEqual([]);

    // The same form sent twice (a double click, a resubmission) is still one vote.
    expect((await ann.post('/listings/comet/vote', { csrf: formCsrf(page), on: '1' })).status).toBe(303);
    expect((await listing('comet')).votes).toBe(1);

    const withdrawn = await act(ann, 'comet', 'vote');
    expect(withdrawn.status).toBe(303);
    expect((await listing('comet')).votes).toBe(0);
    expect((await listing('comet')).vote_ledger).toMatchObject({ cast: 0, counted: 0 });
    // Votes change the numbers read beside the listing's document, not the document.
    expect(await storedDocument(app, 'comet')).toEqual(document);
    expect(await weeklyVotes('comet')).toBe(0);
    expect((await ann.get('/listings/comet')).html).toContain('aria-pressed="false"');
  });

  it('answers the enhancing script with JSON', async () => {
    const bea = await person('bea@example.test');
    const page = await bea.get('/listings/comet');
    const res = await bea.request('/listings/comet/vote', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ csrf: formCsrf(page), on: '1' }),
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.html)).toEqual({ on: true, count: 1, count_text: '1 community vote' });
    await bea.post('/listings/comet/vote', { csrf: formCsrf(page), on: '0' });
    expect((await listing('comet')).votes).toBe(0);
  });

  it('refuses the owner, listings that are not live, forged forms and visitors', async () => {
    const owner = await person('owner@example.test');
    const page = await owner.get('/listings/rocket');
    expect(page.html).toContain('You cannot vote for your own listing');
    const refused = await owner.post('/listings/rocket/vote', { csrf: formCsrf(page), on: '1' });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain('You cannot vote for your own listing');
    expect((await listing('rocket')).votes).toBe(0);

    const cy = await person('cy@example.test');
    const csrf = formCsrf(await cy.get('/listings/later'));
    expect((await cy.post('/listings/later/vote', { csrf, on: '1' })).status).toBe(409);
    expect((await cy.post('/listings/hidden/vote', { csrf, on: '1' })).status).toBe(404);
    expect((await cy.post('/listings/comet/vote', { csrf: 'forged', on: '1' })).status).toBe(403);

    const visitor = new WebClient(app.url);
    const visitorPage = await visitor.get('/listings/comet');
    expect(visitorPage.headers.get('cache-control')).toBe('public, max-age=60');
    expect(visitorPage.html).toContain(
      '<form method="get" action="/sign-in" class="toggle-form" id="vote"><input type="hidden" name="return_to" value="/listings/comet">',
    );
    const csrfOnly = formCsrf(await visitor.get('/sign-in'));
    const sent = await visitor.post('/listings/comet/vote', { csrf: csrfOnly, on: '1' });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe('/sign-in?return_to=%2Flistings%2Fcomet');
  });

  it('limits votes, follows and reviews per account', async () => {
    const dee = await person('dee@example.test');
    const csrf = formCsrf(await dee.get('/listings/comet'));
    const statuses: number[] = [];
    for (let i = 0; i < actionsPerHour + 1; i++) {
      statuses.push((await dee.post('/listings/comet/vote', { csrf, on: i % 2 ? '0' : '1' })).status);
    }
    expect(statuses.slice(0, actionsPerHour).every((s) => s === 303)).toBe(true);
    expect(statuses[actionsPerHour]).toBe(429);
    // The enhancing script asked for JSON: the refusal is a problem, not a page.
    const refused = await dee.request('/listings/comet/follow', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ csrf, on: '1' }),
    });
    expect([refused.status, refused.headers.get('content-type'), JSON.parse(refused.html).code]).toEqual([
      429,
      'application/problem+json',
      'rate_limited',
    ]);
    // Another person keeps their own budget.
    const eve = await person('eve@example.test');
    expect((await act(eve, 'comet', 'follow')).status).toBe(303);
    await act(eve, 'comet', 'follow');
  });

  it('holds a budget that another process used up: at most one more action, then refused', async () => {
    const gil = await person('gil@example.test');
    const csrf = formCsrf(await gil.get('/listings/comet'));
    // Gil spent their hour's budget through another api process, whose count is in the shared table.
    await sql(
      app,
      "insert into rate_limit (key, points, expire) select 'community:' || id, ?, ? from app_user where email = 'gil@example.test'",
      [actionsPerHour, Date.now() + 3600_000],
    );
    const statuses: number[] = [];
    // On a listing that is not public, so the one action let through leaves no vote behind.
    for (let i = 0; i < 3; i++) statuses.push((await gil.post('/listings/hidden/vote', { csrf, on: '1' })).status);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(1);
    expect(statuses.slice(1)).toEqual([429, 429]);
  });

  it('treats an expired or revoked session as a visitor on the listing page and its vote', async () => {
    const ivy = await person('ivy@example.test');
    const signedIn = await ivy.get('/listings/comet');
    expect(signedIn.html).toContain('data-toggle="vote"');
    const votes = (await listing('comet')).votes;
    const ivySessions = "(select id from app_user where email = 'ivy@example.test')";
    await sql(app, `update web_session set expires_at = now() - interval '1 second' where user_id = ${ivySessions}`);
    const expired = await ivy.get('/listings/comet');
    expect(expired.html).not.toContain('data-toggle="vote"');
    expect(expired.headers.get('cache-control')).toBe('public, max-age=60');
    await sql(app, `update web_session set expires_at = now() + interval '1 day' where user_id = ${ivySessions}`);
    expect((await ivy.get('/listings/comet')).html).toContain('data-toggle="vote"');
    await sql(app, `delete from web_session where user_id = ${ivySessions}`);
    expect((await ivy.get('/listings/comet')).html).not.toContain('data-toggle="vote"');
    // The revoked cookie casts no vote either: the cast reads the session with its facts.
    const cast = await ivy.post('/listings/comet/vote', { csrf: formCsrf(signedIn), on: '1' });
    expect(cast.location).toBe('/sign-in?return_to=%2Flistings%2Fcomet');
    expect((await listing('comet')).votes).toBe(votes);
  });

  it('withdraws no vote for a session that expired or whose account was blocked after its cast', async () => {
    const jo = await person('jo@example.test');
    const csrf = formCsrf(await jo.get('/listings/comet'));
    expect((await jo.post('/listings/comet/vote', { csrf, on: '1' })).status).toBe(303);
    const jos = "(select id from app_user where email = 'jo@example.test')";
    const standing = async () => (await sql(app, `select 1 from vote where user_id = ${jos}`)).length;
    const withdraw = async () => (await jo.post('/listings/comet/vote', { csrf, on: '0' })).location;
    // This process has seen whose session it is since the cast: the withdrawal still checks it is live.
    await sql(app, `update web_session set expires_at = now() - interval '1 second' where user_id = ${jos}`);
    expect(await withdraw()).toBe('/sign-in?return_to=%2Flistings%2Fcomet');
    await sql(app, `update web_session set expires_at = now() + interval '1 day' where user_id = ${jos}`);
    await sql(app, `update app_user set blocked_at = now() where id = ${jos}`);
    expect(await withdraw()).toBe('/sign-in?return_to=%2Flistings%2Fcomet');
    expect(await standing()).toBe(1);
    await sql(app, `update app_user set blocked_at = null where id = ${jos}`);
    expect(await withdraw()).toBe('/listings/comet#vote');
    expect(await standing()).toBe(0);
  });

  it('lets an operator void a person’s votes: kept as voided, and the counters and weekly board follow', async () => {
    const fay = await person('fay@example.test');
    await act(fay, 'comet', 'vote');
    await act(fay, 'rocket', 'vote');
    const gus = await person('gus@example.test');
    await act(gus, 'comet', 'vote');
    expect((await listing('comet')).votes).toBe(2);

    expect((await cli(app, 'votes', 'void', 'fay@example.test')).status).toBe(2);
    const voided = await cli(app, 'votes', 'void', 'fay@example.test', '--reason', 'vote ring');
    expect(voided.stdout).toContain('Voided 2 vote(s) of fay@example.test: vote ring');
    expect(voided.status).toBe(0);
    expect((await listing('comet')).votes).toBe(1);
    expect((await listing('rocket')).votes).toBe(0);
    expect(await weeklyVotes('comet')).toBe(1);
    const [record] = await sql<{ reason: string; n: number }>(
      app,
      'select reason, cardinality(listing_ids) as n from vote_void where email = ?',
      ['fay@example.test'],
    );
    expect(record).toEqual({ reason: 'vote ring', n: 2 });
    // The votes stay in the ledger as voided, and withdrawing and casting again does not undo it.
    expect((await listing('comet')).vote_ledger).toMatchObject({ cast: 2, counted: 1, discounted: { voided: 1 } });
    expect((await listing('rocket')).vote_ledger).toMatchObject(await recountedLedger(app, 'rocket'));
    await act(fay, 'comet', 'vote');
    await act(fay, 'comet', 'vote');
    expect((await listing('comet')).vote_ledger).toMatchObject({ cast: 2, counted: 1, discounted: { voided: 1 } });
    expect((await listing('comet')).vote_ledger).toMatchObject(await recountedLedger(app, 'comet'));
    // Voiding again changes no verdict, and keeps the numbers true.
    expect((await cli(app, 'votes', 'void', 'fay@example.test', '--reason', 'vote ring')).status).toBe(0);
    expect((await listing('comet')).vote_ledger).toMatchObject({ cast: 2, counted: 1, discounted: { voided: 1 } });
    expect((await listing('comet')).votes).toBe(1);
    expect((await cli(app, 'votes', 'void', 'nobody@example.test', '--reason', 'x')).status).toBe(1);
  });
});

describe('follows', () => {
  it('follows and unfollows public listings and lists them on the account page', async () => {
    const hal = await person('hal@example.test');
    expect((await act(hal, 'later', 'follow')).status).toBe(303);
    expect((await listing('later')).followers).toBe(1);
    const [row] = await sql<{ n: string }>(
      app,
      "select count(*) as n from follow f join app_user u on u.id = f.user_id where u.email = 'hal@example.test'",
    );
    expect(Number(row.n)).toBe(1);
    const account = await hal.get('/account');
    expect(account.html).toContain('<a href="/listings/later">Later</a>');
    expect(await htmlProblems(account.html)).toEqual([]);
    await act(hal, 'later', 'follow');
    expect((await listing('later')).followers).toBe(0);
    expect((await hal.get('/account')).html).toContain('You follow no listing yet');
  });
});

describe('reviews', () => {
  it('keeps one editable review per person; the owner’s and flagged ones are not counted; reports reach the team', async () => {
    const ivy = await person('ivy@example.test');
    expect((await act(ivy, 'rocket', 'review', { rating: '4', body: 'Solid and fast.' })).status).toBe(303);
    expect((await listing('rocket')).community_rating).toMatchObject({ average: 4, count: 1 });
    expect((await act(ivy, 'rocket', 'review', { rating: '2', body: 'Got slower.' })).status).toBe(303);
    expect((await listing('rocket')).community_rating).toMatchObject({ average: 2, count: 1 });
    const page = await ivy.get('/listings/rocket');
    expect(page.html).toContain('Edit your review');
    expect(page.html).toContain('Got slower.');

    const owner = await person('owner@example.test');
    expect((await act(owner, 'rocket', 'review', { rating: '5', body: 'Mine is great.' })).status).toBe(303);
    expect((await listing('rocket')).community_rating).toMatchObject({ average: 2, count: 1 });
    expect((await ivy.get('/listings/rocket')).html).toContain('by the owner, not counted');

    expect((await act(ivy, 'rocket', 'review', { rating: '7' })).status).toBe(400);
    expect((await act(ivy, 'rocket', 'review', { rating: '3', body: 'x'.repeat(2001) })).status).toBe(400);
    expect((await act(ivy, 'later', 'review', { rating: '3' })).status).toBe(409);

    const [{ id: ivysReview }] = await sql<{ id: number }>(
      app,
      "select r.id from review r join app_user u on u.id = r.user_id where u.email = 'ivy@example.test'",
    );
    // The old report address leads to the one report form; a report becomes a case of the review.
    const moved = await owner.get(`/reviews/${ivysReview}/report`);
    expect(moved.status).toBe(301);
    expect(moved.location).toBe(`/report?kind=review&id=${ivysReview}`);
    const reportPage = await owner.get(moved.location!);
    expect(reportPage.status).toBe(200);
    expect(await htmlProblems(reportPage.html)).toEqual([]);
    expect(await htmlProblems((await owner.get('/listings/rocket')).html)).toEqual([]);
    const report = { category: 'misleading', explanation: 'Not a real user', good_faith: 'true' };
    expect((await owner.submit(reportPage, '/report', report)).status).toBe(200);
    expect((await owner.submit(reportPage, '/report', { ...report, explanation: 'Again' })).status).toBe(200);
    expect(
      await sql(
        app,
        "select c.kind, r.explanation from moderation_report r join moderation_case c on c.id = r.case_id where c.item_id = ? and c.kind = 'review' order by r.id",
        [ivysReview],
      ),
    ).toEqual([
      { kind: 'review', explanation: 'Not a real user' },
      { kind: 'review', explanation: 'Again' },
    ]);

    // The site team sees the report and flags the review out of the rating, then counts it again.
    expect((await ivy.get('/admin/reviews')).status).toBe(404);
    await sql(app, "update app_user set role = 'admin' where email = 'team@example.test'");
    const team = await person('team@example.test');
    const reported = await team.get('/admin/reviews');
    expect(reported.html).toContain('Not a real user');
    const flagged = await team.submit(reported, `/admin/reviews/${ivysReview}/flag`);
    expect(flagged.status).toBe(303);
    expect((await listing('rocket')).community_rating).toMatchObject({ average: null, count: 0 });
    expect((await ivy.get('/listings/rocket')).html).toContain('flagged, not counted');
    await team.submit(await team.get('/admin/reviews'), `/admin/reviews/${ivysReview}/flag`);
    expect((await listing('rocket')).community_rating).toMatchObject({ average: 2, count: 1 });
  });
});

describe('the API stays without community writes', () => {
  it('has no vote, follow or review operation, so MCP has no such tool', async () => {
    expect(operations.filter((op) => /vote|follow|review/.test(op.id))).toEqual([]);
    expect((await request(`${app.api}/listings/comet/vote`, { method: 'POST', json: {} })).status).toBe(404);
  });
});

function formCsrf(page: Page): string {
  const token = /name="csrf" value="([^"]+)"/.exec(page.html)?.[1];
  if (!token) throw new Error(`No form token on ${page.url}`);
  return token;
}
