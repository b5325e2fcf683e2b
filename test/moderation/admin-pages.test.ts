import { createApiKey } from '../../src/accounts/api-keys.js';
import { addListing, addUser, sql } from '../catalogue/fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { WebClient, type Page } from '../support/web-client.js';

let app: TestApp;
let number: string;

beforeAll(async () => {
  app = await startTestApp({ worker: false });
  const team = await addUser(app, 'team@example.test');
  await sql(app, "update app_user set role = 'admin' where id = ?", [team]);
  await addUser(app, 'blocked@example.test');
  await addListing(app, { slug: 'shady', name: 'Shady' });
  const report = await request(`${app.api}/reports`, {
    method: 'POST',
    json: {
      kind: 'listing',
      slug: 'shady',
      category: 'misleading',
      explanation: 'Fake numbers.',
      email: 'r@example.test',
      good_faith: true,
    },
  });
  number = report.body.number;
});
afterAll(() => app?.close());

const pages = ['/admin/cases', '/admin/people', '/admin/audit'];
const actions = () =>
  [
    [`/admin/cases/${number}/decision`, { action: 'dismiss', ground: 'misleading', facts: 'Checked.' }],
    [`/admin/cases/${number}/reversal`, { facts: 'Undone.' }],
    ['/admin/people/block', { email: 'blocked@example.test', reason: 'Spam.' }],
    ['/admin/people/unblock', { email: 'blocked@example.test' }],
  ] as const;

describe("the site team's moderation pages", () => {
  it('are 404 to visitors and members, pages and actions alike, and change nothing', async () => {
    for (const client of [new WebClient(app.url), await WebClient.signedIn(app, 'member@example.test')]) {
      for (const path of pages) expect({ path, status: (await client.get(path)).status }).toEqual({ path, status: 404 });
      for (const [path, fields] of actions()) {
        const status = (await client.post(path, { ...fields, csrf: 'x' })).status;
        expect({ path, status }).toEqual({ path, status: 404 });
      }
    }
    expect(await sql(app, 'select state from moderation_case where number = ?', [number])).toEqual([{ state: 'open' }]);
    expect(await sql(app, 'select count(*)::int as n from audit_log')).toEqual([{ n: 0 }]);
  });

  it('refuse a form without its CSRF token with 403, and act with it', async () => {
    const team = await WebClient.signedIn(app, 'team@example.test');
    for (const path of pages) expect({ path, status: (await team.get(path)).status }).toEqual({ path, status: 200 });
    for (const [path, fields] of actions()) {
      const status = (await team.post(path, fields)).status;
      expect({ path, status }).toEqual({ path, status: 403 });
    }
    expect(await sql(app, 'select count(*)::int as n from audit_log')).toEqual([{ n: 0 }]);
    const cases = await team.get('/admin/cases');
    const decided = await team.submit(cases, `/admin/cases/${number}/decision`, {
      action: 'dismiss',
      ground: 'misleading',
      facts: 'The numbers are in its public report.',
    });
    expect(decided.status).toBe(303);
    expect(await sql(app, 'select via, action from audit_log')).toEqual([{ via: 'page', action: 'case.dismiss' }]);
  });
});

/** A report through the API, as a visitor files it; answers the case's number. */
async function report(item: { kind: 'listing'; slug: string } | { kind: 'review' | 'update'; id: number }, explanation: string) {
  const filed = await request(`${app.api}/reports`, {
    method: 'POST',
    json: { ...item, category: 'scam_or_spam', explanation, email: 'r@example.test', good_faith: true },
  });
  expect(filed.status).toBe(201);
  return filed.body.number as string;
}

/** The markup of one case of the queue, from its item to the next one. */
function caseOf(page: Page, caseNumber: string): string {
  const start = page.html.indexOf(`<li id="case-${caseNumber}">`);
  expect(start).toBeGreaterThan(-1);
  const next = page.html.indexOf('<li id="case-', start + 1);
  return page.html.slice(start, next === -1 ? undefined : next);
}

describe('a case of the queue', () => {
  let listingCase: string;
  let reviewCase: string;
  let adminKey: string;

  beforeAll(async () => {
    const maker = await addUser(app, 'maker@example.test');
    const critic = await addUser(app, 'critic@example.test');
    const forged = await addListing(app, {
      slug: 'forged',
      name: 'Forged',
      tagline: 'Guaranteed returns',
      description: 'Send us coins, get twice back.',
      domain: 'forged.example',
      owner: maker,
    });
    await addListing(app, { slug: 'forged-two', name: 'Forged Two', owner: maker });
    await addListing(app, { slug: 'forged-draft', name: 'Forged Draft', status: 'draft', owner: maker });
    await addListing(app, { slug: 'bystander', name: 'Bystander' });
    await sql(
      app,
      `insert into listing_revision (listing_id, author_id, credential, before, after)
       values (?, ?, 'session', '{"tagline": "A savings app"}', '{"tagline": "Guaranteed returns"}')`,
      [forged, maker],
    );
    const [review] = await sql<{ id: number }>(
      app,
      "insert into review (listing_id, user_id, rating, body) values (?, ?, 1, 'Buy Forged Two instead, it is better.') returning id",
      [forged, critic],
    );
    await addListing(app, { slug: 'critics-own', name: "Critic's Own", owner: critic });
    listingCase = await report({ kind: 'listing', slug: 'forged' }, 'It took my coins.');
    reviewCase = await report({ kind: 'review', id: review.id }, 'A competitor writing.');
    const team = await sql<{ id: number }>(app, "select id from app_user where email = 'team@example.test'");
    adminKey = (await createApiKey(app.deps.orm.em.fork(), team[0].id, 'team')).key;
  });

  it("shows its reports, the content itself, its change history and the owner's other listings", async () => {
    const team = await WebClient.signedIn(app, 'team@example.test');
    const cases = await team.get('/admin/cases');
    expect(cases.status).toBe(200);
    const listing = caseOf(cases, listingCase);
    expect(listing).toContain('It took my coins.');
    for (const words of ['Forged', 'Guaranteed returns', 'Send us coins, get twice back.', 'https://forged.example'])
      expect(listing).toContain(`<dd class="pre">${words}</dd>`);
    expect(listing).toMatch(
      /edited by maker@example\.test<ul><li>tagline: <code>&quot;A savings app&quot;<\/code> to <code>&quot;Guaranteed returns&quot;<\/code>/,
    );
    expect(listing).toContain('<a href="/listings/forged-two">Forged Two</a>');
    expect(listing).toContain('<a href="/listings/forged-draft">Forged Draft</a> <span class="muted">(draft)</span>');
    expect(listing).not.toContain('href="/listings/bystander"');
    // A reported website is shown as text: following it is the operator's choice.
    expect(listing).not.toContain('href="https://forged.example"');

    const review = caseOf(cases, reviewCase);
    expect(review).toContain('A competitor writing.');
    expect(review).toContain('<dd class="pre">1 of 5</dd>');
    expect(review).toContain('<dd class="pre">Buy Forged Two instead, it is better.</dd>');
    expect(review).toContain('<a href="/listings/critics-own">');
    expect(review).toContain('No change recorded.');
  });

  it('gives the same to the admin API, with the operator actions in the history', async () => {
    const headers = { authorization: `Bearer ${adminKey}` };
    const restricted = await request(`${app.api}/admin/cases/${listingCase}/decision`, {
      method: 'POST',
      json: { action: 'restrict', ground: 'scam', facts: 'No product behind the page.' },
      headers,
    });
    expect(restricted.status).toBe(200);
    const listed = await request(`${app.api}/admin/cases?all=true`, { headers });
    expect(listed.status).toBe(200);
    const item = listed.body.items.find((c: { number: string }) => c.number === listingCase);
    expect(item.content).toEqual({
      name: 'Forged',
      tagline: 'Guaranteed returns',
      description: 'Send us coins, get twice back.',
      website: 'https://forged.example',
      title: null,
      text: null,
      rating: null,
    });
    expect(item.history).toEqual([
      {
        at: expect.any(String),
        by: 'team@example.test',
        what: 'case.restrict',
        changes: [{ field: 'restricted', before: false, after: true }],
      },
      {
        at: expect.any(String),
        by: 'maker@example.test',
        what: 'edit',
        changes: [{ field: 'tagline', before: 'A savings app', after: 'Guaranteed returns' }],
      },
    ]);
    expect(item.owner_listings.map((l: { slug: string }) => l.slug).sort()).toEqual(['forged-draft', 'forged-two']);
  });

  it('keeps a refused decision on its form, with what was written and why, and records nothing', async () => {
    const team = await WebClient.signedIn(app, 'team@example.test');
    const audited = await sql(app, 'select count(*)::int as n from audit_log');
    const sent = { action: 'take_down', ground: '', facts: 'Sells a review for money & more.' };
    const refused = await team.submit(await team.get('/admin/cases'), `/admin/cases/${reviewCase}/decision`, sent);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('<h1>Cases</h1>');
    expect(refused.html).toMatch(new RegExp(`role="alert"><p>Your decision of case ${reviewCase} was not recorded: `));
    expect(refused.html).toContain(
      `<li><a href="#ground-${reviewCase}">Ground</a>: required: a key of the site rules, or law:&lt;name&gt;</li>`,
    );
    const form = caseOf(refused, reviewCase);
    expect(form).toContain('<strong>Not recorded.</strong>');
    expect(form).toContain(
      `<input type="text" id="ground-${reviewCase}" name="ground" aria-invalid="true" aria-describedby="ground-${reviewCase}-error"`,
    );
    expect(form).toMatch(new RegExp(`<strong class="field-error" id="ground-${reviewCase}-error">[^<]+</strong>`));
    expect(form).toContain('>Sells a review for money &amp; more.</textarea>');
    expect(form).toContain('<option value="take_down" selected>');

    // Restricting a review is refused by the rules, and said next to the decision it concerns.
    const wrong = await team.submit(await team.get('/admin/cases'), `/admin/cases/${reviewCase}/decision`, {
      ...sent,
      action: 'restrict',
      ground: 'spam',
    });
    expect(wrong.status).toBe(400);
    expect(caseOf(wrong, reviewCase)).toContain('Only a listing can be restricted; take a review or update down instead.');
    expect(caseOf(wrong, reviewCase)).toContain(`value="spam"`);
    expect(await sql(app, 'select state from moderation_case where number = ?', [reviewCase])).toEqual([{ state: 'open' }]);
    expect(await sql(app, 'select count(*)::int as n from audit_log')).toEqual(audited);
  });

  it('shows a decision on a case decided meanwhile (409) at the top, with its words kept', async () => {
    const team = await WebClient.signedIn(app, 'team@example.test');
    const stale = await team.get('/admin/cases');
    const first = await team.submit(stale, `/admin/cases/${reviewCase}/decision`, {
      action: 'take_down',
      ground: 'spam',
      facts: 'Promotes another listing.',
    });
    expect(first.status).toBe(303);
    const second = await team.submit(stale, `/admin/cases/${reviewCase}/decision`, {
      action: 'dismiss',
      ground: 'off_topic',
      facts: 'A second look from another tab.',
    });
    expect(second.status).toBe(409);
    expect(second.html).toContain('<h2 id="not-recorded">Not recorded</h2>');
    const top = second.html.slice(
      second.html.indexOf('id="not-recorded"'),
      second.html.indexOf('<h2>Waiting for a decision</h2>'),
    );
    expect(top).toContain(`Case ${reviewCase}`);
    expect(top).toContain('This case is decided; it reopens only with an appeal, or the decision can be reversed.');
    expect(top).toContain('>A second look from another tab.</textarea>');
    expect(top).toContain('<option value="dismiss" selected>');
    expect(
      await sql(app, 'select action from moderation_decision d join moderation_case c on c.id = d.case_id where c.number = ?', [
        reviewCase,
      ]),
    ).toEqual([{ action: 'take_down' }]);

    // A reversal with nothing to reverse (the first case was dismissed) is refused on its own form.
    const reversal = await team.submit(await team.get('/admin/cases'), `/admin/cases/${number}/reversal`, { facts: 'Undo it.' });
    expect(reversal.status).toBe(409);
    expect(caseOf(reversal, number)).toContain('A dismissal changed nothing to reverse');
    expect(caseOf(reversal, number)).toContain('>Undo it.</textarea>');
  });

  it('stays 404 to members, refused forms too, without a word of the case', async () => {
    const member = await WebClient.signedIn(app, 'maker@example.test');
    const page = await member.get('/admin/cases');
    expect(page.status).toBe(404);
    const refused = await member.post(`/admin/cases/${listingCase}/decision`, {
      csrf: 'x',
      action: 'dismiss',
      ground: '',
      facts: 'x',
    });
    expect(refused.status).toBe(404);
    for (const body of [page.html, refused.html]) expect(body).not.toContain('Send us coins');
    const maker = await sql<{ id: number }>(app, "select id from app_user where email = 'maker@example.test'");
    const { key } = await createApiKey(app.deps.orm.em.fork(), maker[0].id, 'maker');
    const api = await request(`${app.api}/admin/cases`, { headers: { authorization: `Bearer ${key}` } });
    expect(api.status).toBe(404);
  });
});
