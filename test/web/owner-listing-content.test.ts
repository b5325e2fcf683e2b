import { findUserByEmail } from '../../src/accounts/users.js';
import { ensureUser } from '../../src/accounts/users.js';
import { insertListing } from '../listings/support.js';
import { formsOf, WebClient, type Page } from '../support/web-client.js';
import { startDraftWorld, type DraftWorld } from '../drafts/support.js';
import { htmlProblems } from './pages.js';
import { until } from '../support/until.js';

/**
 * The content forms of a listing's owner page over HTTP (post an update, milestones, founder
 * story, interview answers, edits with their history and copies, the paid launch's week picker
 * and extra categories, "Check now"): each is CSRF-checked, 404 for another person's listing,
 * and shows a refusal next to its field.
 */
let dw: DraftWorld;
let owner: WebClient;
let stranger: WebClient;
let ownerId: number;
let strangerCsrf: string;
let questions: number[];
beforeAll(async () => {
  dw = await startDraftWorld();
  owner = await WebClient.signedIn(dw.app, 'founder@example.test');
  stranger = await WebClient.signedIn(dw.app, 'stranger@example.test');
  ownerId = await userId('founder@example.test');
  strangerCsrf = formsOf((await stranger.get('/account')).html)[0].fields.csrf;
  const rows = await em().execute<{ id: number }[]>(
    `insert into interview_question (site_id, question, position) values (?, ?, 1), (?, ?, 2) returning id`,
    [dw.app.deps.site.id, 'Why did you start?', dw.app.deps.site.id, 'What is next?'],
  );
  questions = rows.map((r) => r.id);
});
afterAll(() => dw.close());

const em = () => dw.app.deps.orm.em.fork();
const userId = async (email: string) => (await findUserByEmail(em(), email))!.id;
const countWhere = async (table: string, listingId: number) =>
  Number((await em().execute<{ n: string }[]>(`select count(*) as n from ${table} where listing_id = ?`, [listingId]))[0].n);

/** A draft listing of the signed-in founder, its primary category cat-0. */
async function ownListing(slug: string): Promise<number> {
  const id = await insertListing(em(), dw.app.deps.site.id, { slug, ownerId });
  await em().execute(
    `update listing set category_ids = array[(select id from category where slug = 'cat-0' and site_id = ?)] where id = ?`,
    [dw.app.deps.site.id, id],
  );
  return id;
}

const pageOf = (id: number) => owner.get(`/me/listings/${id}`);

/** The guards every content form has: no token is 403, another person's listing is 404; neither changes anything. */
async function expectGuarded(id: number, action: string, fields: Record<string, string>, changed: () => Promise<number>) {
  const before = await changed();
  expect((await owner.post(`/me/listings/${id}/${action}`, fields)).status).toBe(403);
  expect((await stranger.post(`/me/listings/${id}/${action}`, { ...fields, csrf: strangerCsrf })).status).toBe(404);
  expect(await changed()).toBe(before);
}

function expectFieldError(res: Page, controlId: string) {
  expect(res.html).toMatch(new RegExp(`id="${controlId}"[^>]* aria-invalid="true"`));
  expect(res.html).toMatch(new RegExp(`<strong class="field-error" id="${controlId}-error">[^<]+</strong>`));
  expect(res.html).toContain('role="alert"');
}

describe('posting an update', () => {
  it('says how many follow, posts once however often the form is sent, and says how many will be told', async () => {
    const id = await ownListing('news-co');
    for (const email of ['fan1@example.test', 'fan2@example.test']) {
      await em().execute('insert into follow (listing_id, user_id) values (?, ?)', [id, (await ensureUser(em(), email)).id]);
    }
    await em().execute('update listing set follower_count = 2 where id = ?', [id]);
    const page = await pageOf(id);
    expect(page.html).toContain('<p id="followers-to-tell">2 people follow this listing;');
    const fields = { 'update.title': 'Version 2 is out', 'update.body': 'Reminders now go out by text message too.' };
    const posted = await owner.submit(page, `/me/listings/${id}/updates`, fields);
    expect(posted.status).toBe(200);
    expect(posted.html).toContain(
      '<p id="update-posted">Posted “Version 2 is out”. 2 followers will be told by mail, once each.</p>',
    );
    expect(await htmlProblems(posted.html)).toEqual([]);
    const again = await owner.submit(page, `/me/listings/${id}/updates`, fields);
    expect(again.html).toContain('2 followers will be told');
    expect(await countWhere('listing_update', id)).toBe(1);
  });

  it("says so when an update is over the day's mail for the listing: posted and shown, not mailed", async () => {
    const id = await ownListing('news-daily');
    const page = await pageOf(id);
    expect(page.html).toContain('for at most 1 update of this listing a day (a later one is shown but not mailed).');
    const post = async (title: string) =>
      owner.submit(await pageOf(id), `/me/listings/${id}/updates`, { 'update.title': title, 'update.body': 'More news.' });
    expect((await post('First news')).html).toContain('0 followers will be told by mail');
    const second = await post('Second news');
    expect(second.status).toBe(200);
    expect(second.html).toMatch(
      /<p id="update-posted" data-mailed="false">Posted “Second news”\. It shows on your listing and in the latest updates, but followers are not mailed about it: they get mail about at most 1 update of a listing a day\. An update posted after \d{4}-\d\d-\d\d \d\d:\d\d UTC is mailed again\.<\/p>/,
    );
    expect(await countWhere('listing_update', id)).toBe(2);
    expect(await htmlProblems(second.html)).toEqual([]);
  });

  it('shows an empty title next to its field, keeping the body, and posts nothing', async () => {
    const id = await ownListing('news-bad');
    const res = await owner.submit(await pageOf(id), `/me/listings/${id}/updates`, {
      'update.title': ' ',
      'update.body': 'Kept.',
    });
    expect(res.status).toBe(400);
    expectFieldError(res, 'f-update-title');
    expect(res.html).toMatch(/<textarea id="f-update-body"[^>]*>Kept.<\/textarea>/);
    expect(await countWhere('listing_update', id)).toBe(0);
    expect(await htmlProblems(res.html)).toEqual([]);
  });

  it("refuses a post without the CSRF token, and another person's listing is 404", async () => {
    const id = await ownListing('news-guarded');
    await expectGuarded(id, 'updates', { 'update.title': 'Forged', 'update.body': 'Forged.' }, () =>
      countWhere('listing_update', id),
    );
  });
});

describe('milestones', () => {
  it('adds one, lists it, and deletes it', async () => {
    const id = await ownListing('steps-co');
    const added = await owner.submit(await pageOf(id), `/me/listings/${id}/milestones`, {
      'milestone.date': '2026-03-01',
      'milestone.title': 'First 100 customers',
      'milestone.description': '',
      'milestone.url': '',
    });
    expect(added.status).toBe(303);
    expect(added.location).toBe(`/me/listings/${id}#milestones-heading`);
    const page = await pageOf(id);
    expect(page.html).toMatch(/<li data-milestone="\d+">2026-03-01: <strong>First 100 customers<\/strong>/);
    expect(await htmlProblems(page.html)).toEqual([]);
    const [{ id: milestoneId }] = await em().execute<{ id: number }[]>('select id from milestone where listing_id = ?', [id]);
    const action = `/me/listings/${id}/milestones/${milestoneId}/delete`;
    await expectGuarded(id, `milestones/${milestoneId}/delete`, {}, () => countWhere('milestone', id));
    const deleted = await owner.submit(page, action);
    expect(deleted.status).toBe(303);
    expect(await countWhere('milestone', id)).toBe(0);
    expect((await owner.submit(page, action)).status).toBe(404);
  });

  it('shows a bad date next to its field and adds nothing', async () => {
    const id = await ownListing('steps-bad');
    const res = await owner.submit(await pageOf(id), `/me/listings/${id}/milestones`, {
      'milestone.date': 'March',
      'milestone.title': 'Launch',
    });
    expect(res.status).toBe(400);
    expectFieldError(res, 'f-milestone-date');
    expect(res.html).toMatch(/id="f-milestone-date"[^>]* value="March">/);
    expect(await countWhere('milestone', id)).toBe(0);
  });

  it("refuses a post without the CSRF token, and another person's listing is 404", async () => {
    const id = await ownListing('steps-guarded');
    await expectGuarded(id, 'milestones', { 'milestone.date': '2026-03-01', 'milestone.title': 'Forged' }, () =>
      countWhere('milestone', id),
    );
  });
});

describe('the founder story', () => {
  const storyOf = async (id: number) =>
    (
      await em().execute<{ sections: Record<string, string> }[]>(`select sections from founder_story where listing_id = ?`, [id])
    )[0]?.sections ?? {};

  it('saves the sections and shows them again; an emptied section is removed', async () => {
    const id = await ownListing('story-co');
    const saved = await owner.submit(await pageOf(id), `/me/listings/${id}/story`, {
      'story.title': 'From spreadsheets to Tallyfox',
      'story.why_started': 'We were tired of chasing invoices.',
    });
    expect(saved.status).toBe(303);
    const page = await pageOf(id);
    expect(page.html).toMatch(/<textarea id="f-story-why_started"[^>]*>We were tired of chasing invoices.<\/textarea>/);
    await owner.submit(page, `/me/listings/${id}/story`, { 'story.why_started': '' });
    expect((await pageOf(id)).html).toMatch(/<textarea id="f-story-why_started"[^>]*><\/textarea>/);
  });

  it('shows a too long title next to its field', async () => {
    const id = await ownListing('story-bad');
    const res = await owner.submit(await pageOf(id), `/me/listings/${id}/story`, { 'story.title': 'x'.repeat(201) });
    expect(res.status).toBe(400);
    expectFieldError(res, 'f-story-title');
  });

  it("refuses a post without the CSRF token, and another person's listing is 404", async () => {
    const id = await ownListing('story-guarded');
    await expectGuarded(id, 'story', { 'story.title': 'Forged' }, async () => Object.keys(await storyOf(id)).length);
  });
});

describe('interview answers', () => {
  const answers = async (email: string) =>
    Number(
      (
        await em().execute<{ n: string }[]>('select count(*) as n from interview_answer where user_id = ?', [await userId(email)])
      )[0].n,
    );

  it('lists the questions and saves the answers given', async () => {
    const id = await ownListing('talk-co');
    const page = await pageOf(id);
    expect(page.html).toContain(`<label for="f-interview-${questions[0]}">Why did you start?</label>`);
    const res = await owner.submit(page, `/me/listings/${id}/interview`, {
      [`interview.${questions[0]}`]: 'Because invoices should chase themselves.',
      [`interview.${questions[1]}`]: '',
    });
    expect(res.status).toBe(200);
    expect(res.html).toContain('<p id="interview-saved">Saved. You have 1 interview answer');
    expect(await answers('founder@example.test')).toBe(1);
    expect(await htmlProblems(res.html)).toEqual([]);
    // Opened again, the form holds the answer given, read from get_my_listing.
    const again = (await pageOf(id)).html;
    expect(again).toMatch(
      new RegExp(`id="f-interview-${questions[0]}"[^>]*>Because invoices should chase themselves\\.</textarea>`),
    );
    expect(again).toMatch(new RegExp(`id="f-interview-${questions[1]}"[^>]*></textarea>`));
  });

  it('shows a too long answer next to its question', async () => {
    const id = await ownListing('talk-bad');
    const res = await owner.submit(await pageOf(id), `/me/listings/${id}/interview`, {
      [`interview.${questions[0]}`]: '',
      [`interview.${questions[1]}`]: 'x'.repeat(4001),
    });
    expect(res.status).toBe(400);
    expectFieldError(res, `f-interview-${questions[1]}`);
  });

  it("refuses a post without the CSRF token, and another person's listing is 404 before any answer is saved", async () => {
    const id = await ownListing('talk-guarded');
    await expectGuarded(id, 'interview', { [`interview.${questions[0]}`]: 'Forged.' }, () => answers('stranger@example.test'));
  });
});

describe('editing with the change history, and copying to other sites', () => {
  it('shows each saved edit with what changed, when and through what, on the page and over the API', async () => {
    const id = await ownListing('history-co');
    await owner.submit(await pageOf(id), `/me/listings/${id}/edit`, { 'fields.tagline': 'Invoices that chase themselves' });
    await dw.owner.call('PATCH', `/me/listings/${id}`, { fields: { city: 'Lisbon' } });
    const page = await pageOf(id);
    expect(page.html).toMatch(
      /<li data-revision><p><strong>[\d-]+ [\d:]+ UTC<\/strong>, by you with an API key<\/p>\s*<ul><li><strong>city<\/strong>: \(empty\) → Lisbon<\/li><\/ul><\/li>/,
    );
    expect(page.html).toContain('by you on this website');
    expect(page.html).toContain('<strong>tagline</strong>: A tagline → Invoices that chase themselves');
    expect(await htmlProblems(page.html)).toEqual([]);
    const api = await dw.owner.call('GET', `/me/listings/${id}`);
    expect(api.body.history).toEqual([
      expect.objectContaining({ by_you: true, via: 'api_key', changes: [{ field: 'city', before: null, after: 'Lisbon' }] }),
      expect.objectContaining({ by_you: true, via: 'session', client_id: null }),
    ]);
    expect((await dw.stranger.call('GET', `/me/listings/${id}`)).status).toBe(404);
  });

  it("tells a previous owner's edit as someone else's, never by their address", async () => {
    const id = await ownListing('claimed-co');
    await em().execute(
      `insert into listing_revision (listing_id, author_id, credential, before, after) values (?, ?, 'session', '{"city": null}', '{"city": "Porto"}')`,
      [id, await userId('stranger@example.test')],
    );
    const page = await pageOf(id);
    expect(page.html).toMatch(/by someone else on this website<\/p>\s*<ul><li><strong>city<\/strong>: \(empty\) → Porto/);
    expect(page.html).not.toContain('stranger@example.test');
    const api = await dw.owner.call('GET', `/me/listings/${id}`);
    expect(api.body.history[0]).toEqual({
      at: expect.any(String),
      by_you: false,
      via: 'session',
      client_id: null,
      changes: [{ field: 'city', before: null, after: 'Porto' }],
    });
  });

  it('copies to the other sites asked for, and shows an unknown site key next to its field', async () => {
    const id = await ownListing('copy-co');
    const refused = await owner.submit(await pageOf(id), `/me/listings/${id}/edit`, {
      'fields.headline': 'Invoices, handled',
      apply_to: 'nowhere',
    });
    expect(refused.status).toBe(400);
    expectFieldError(refused, 'f-apply_to');
    expect(refused.html).toMatch(/id="f-apply_to"[^>]* value="nowhere">/);
    const copied = await owner.submit(await pageOf(id), `/me/listings/${id}/edit`, {
      'fields.headline': 'Invoices, handled',
      apply_to: 'all',
    });
    expect(copied.status).toBe(200);
    expect(copied.html).toContain('<div class="note" role="status" id="form-result"><p>Saved. Nothing was copied');
  });
});

describe('the paid launch form', () => {
  it('offers the coming weeks with the paid places left, as get_launch_week gives them, and the other categories', async () => {
    const id = await ownListing('picker-co');
    const week = (await dw.owner.call('GET', '/launches/weeks/next')).body;
    expect(week.open_slots).toEqual({ free: 25, paid: 100 });
    const taken = await insertListing(em(), dw.app.deps.site.id, {
      slug: 'taken-week',
      ownerId,
      status: 'scheduled',
      plan: 'paid',
    });
    await em().execute('update listing set launch_week = ? where id = ?', [week.week, taken]);
    expect((await dw.owner.call('GET', '/launches/weeks/next')).body.open_slots).toEqual({ free: 25, paid: 99 });
    expect((await dw.owner.call('GET', '/launches/weeks/last')).body.open_slots).toBeNull();

    const page = await pageOf(id);
    expect(page.html).toContain(`<option value="${week.week}">Week of ${week.week}: 99 places left</option>`);
    expect(page.html).toContain('<option value="" selected>No week: live at once</option>');
    expect(page.html).toContain('<label class="check"><input type="checkbox" name="categories" value="cat-1"> Invoicing</label>');
    expect(page.html).not.toContain('value="cat-0"');
    expect(await htmlProblems(page.html)).toEqual([]);
  });

  it('quotes a chosen week with two extra categories ticked', async () => {
    const id = await ownListing('picker-quote');
    const page = await pageOf(id);
    const csrf = formsOf(page.html).find((f) => f.action === `/me/listings/${id}/quote`)!.fields.csrf;
    const week = (await dw.owner.call('GET', '/launches/weeks/next')).body.week as string;
    const body = new URLSearchParams([
      ['csrf', csrf],
      ['week', week],
      ['categories', 'cat-1'],
      ['categories', 'cat-2'],
      ['billing_country', 'US'],
    ]);
    const quoted = await owner.request(`/me/listings/${id}/quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(quoted.status).toBe(200);
    expect(quoted.html).toContain('<input type="hidden" name="categories" value="cat-1 cat-2">');
    expect(quoted.html).toContain(`<input type="hidden" name="week" value="${week}">`);
  });

  it('shows an unknown category next to the categories', async () => {
    const id = await ownListing('picker-bad');
    const res = await owner.submit(await pageOf(id), `/me/listings/${id}/quote`, {
      categories: 'no-such-category',
      billing_country: 'US',
    });
    expect(res.status).toBe(400);
    expect(res.html).toMatch(/<fieldset id="f-categories" aria-describedby="f-categories-hint f-categories-error">/);
    expect(res.html).toMatch(/<strong class="field-error" id="f-categories-error">[^<]+<\/strong>/);
  });
});

describe('Check now', () => {
  it("re-checks a queued listing's gates; refused without the CSRF token, 404 for another person's listing", async () => {
    const id = await ownListing('check-co');
    await owner.submit(await pageOf(id), `/me/listings/${id}/free`);
    const queued = await pageOf(id);
    expect(queued.html).toMatch(
      /<section aria-labelledby="gates-heading" id="gates">[\s\S]*>Check now<\/button><\/form><\/section>/,
    );
    expect(queued.html).toContain('Next step: put <a href="#badge">the badge code</a> on your homepage, then check now.');
    expect(queued.html).not.toContain('Choose the free launch');
    const checkedAt = async () =>
      (await em().execute<{ t: string }[]>('select checked_at::text as t from listing_badge_check where listing_id = ?', [id]))[0]
        ?.t;
    expect((await owner.post(`/me/listings/${id}/free`, {})).status).toBe(403);
    expect((await stranger.post(`/me/listings/${id}/free`, { csrf: strangerCsrf })).status).toBe(404);
    const before = await until(checkedAt, (t) => t !== undefined);
    expect(before).toBeDefined();
    const checked = await owner.submit(queued, `/me/listings/${id}/free`);
    expect(checked.status).toBe(303);
    expect(await until(checkedAt, (t) => t !== before)).not.toBe(before);
  });
});
