import { createApiKey } from '../../src/accounts/api-keys.js';
import { addWeeks, isoDate, mondayOf } from '../../src/domain/weeks.js';
import { latestMail } from '../../src/mail/outbox.js';
import { workflowIds } from '../../src/domain/workflow-ids.js';
import { addListing, addUser, sql } from '../catalogue/fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { WebClient } from '../support/web-client.js';

let app: TestApp;
let adminKey: string;
let ownerId: number;

beforeAll(async () => {
  // No worker here: a reinstated free launch's first gate check is not waited for long.
  app = await startTestApp({ worker: false, env: { OPERATOR_EMAIL: 'ops@example.test', GATE_CHECK_WAIT_MS: '200' } });
  const admin = await addUser(app, 'team@example.test');
  await sql(app, "update app_user set role = 'admin' where id = ?", [admin]);
  adminKey = (await createApiKey(app.deps.orm.em.fork(), admin, 'team')).key;
  ownerId = await addUser(app, 'maker@example.test');
  await addUser(app, 'reporter@example.test');
});
afterAll(() => app?.close());

const asAdmin = () => ({ authorization: `Bearer ${adminKey}` });
const report = async (slug: string, email = 'reporter@example.test') =>
  (
    await request(`${app.api}/reports`, {
      method: 'POST',
      json: { kind: 'listing', slug, category: 'scam_or_spam', explanation: 'Takes money.', email, good_faith: true },
    })
  ).body.number as string;
const decide = (number: string, body: Record<string, unknown>) =>
  request(`${app.api}/admin/cases/${number}/decision`, { method: 'POST', json: body, headers: asAdmin() });
const reverse = (number: string) =>
  request(`${app.api}/admin/cases/${number}/reversal`, {
    method: 'POST',
    json: { facts: 'Shown to be fine.' },
    headers: asAdmin(),
  });

describe('appeals from /me/cases', () => {
  it('shows the owner the statement of reasons, takes one appeal, and returns the case to the queue marked as one', async () => {
    await addListing(app, { slug: 'ember', name: 'Ember', owner: ownerId });
    const number = await report('ember');
    expect((await decide(number, { action: 'take_down', ground: 'scam', facts: 'No product behind the checkout.' })).status).toBe(
      200,
    );

    const owner = await WebClient.signedIn(app, 'maker@example.test');
    const mine = await owner.get('/me/cases');
    expect(mine.status).toBe(200);
    expect(mine.html).toContain(`Case ${number}`);
    expect(mine.html).toContain('No product behind the checkout.');
    expect(mine.html).toContain('by a person');

    // No CSRF token: refused before anything changes.
    expect((await owner.post(`/me/cases/${number}/appeal`, { explanation: 'Please look again.' })).status).toBe(403);
    const tooLong = await owner.submit(mine, `/me/cases/${number}/appeal`, { explanation: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.html).toContain('At most 2000 characters.');

    const appealed = await owner.submit(mine, `/me/cases/${number}/appeal`, {
      explanation: 'The checkout ships; here are orders.',
    });
    expect(appealed.status).toBe(303);
    expect(await sql(app, 'select state from moderation_case where number = ?', [number])).toEqual([{ state: 'appealed' }]);
    const queue = await request(`${app.api}/admin/cases`, { headers: asAdmin() });
    expect(queue.body.items.find((c: { number: string }) => c.number === number)).toMatchObject({ appeal: true });
    const [toOperator] = await latestMail(app.deps.orm.em.fork(), 1, 'ops@example.test');
    expect(toOperator.subject).toBe(`Case ${number} appealed`);

    // Once per decision: the page no longer offers it, and a second post is refused.
    const after = await owner.get('/me/cases');
    expect(after.html).not.toContain(`action="/me/cases/${number}/appeal"`);
    expect((await owner.submit(mine, `/me/cases/${number}/appeal`, { explanation: 'Again.' })).status).toBe(409);
  });

  it('lets a reporter appeal a dismissal only, and tells anyone else the case does not exist', async () => {
    await addListing(app, { slug: 'flint', name: 'Flint', owner: ownerId });
    const number = await report('flint');
    expect((await decide(number, { action: 'dismiss', ground: 'scam', facts: 'Nothing wrong found.' })).status).toBe(200);
    const reporter = await WebClient.signedIn(app, 'reporter@example.test');
    const page = await reporter.get('/me/cases');
    expect(page.html).toContain(`Case ${number}`);
    expect(page.html).toContain('you reported it');

    const stranger = await WebClient.signedIn(app, 'stranger@example.test');
    const theirs = await stranger.get('/me/cases');
    expect(theirs.html).not.toContain(number);
    const csrf = /name="csrf" value="([^"]+)"/.exec((await stranger.get('/report?kind=listing&slug=flint')).html)![1];
    expect((await stranger.post(`/me/cases/${number}/appeal`, { csrf, explanation: 'Me too.' })).status).toBe(404);

    expect((await reporter.submit(page, `/me/cases/${number}/appeal`, { explanation: 'It is a scam.' })).status).toBe(303);
    expect(
      await sql(
        app,
        'select role from moderation_appeal a join moderation_decision d on d.id = a.decision_id join moderation_case c on c.id = d.case_id where c.number = ?',
        [number],
      ),
    ).toEqual([{ role: 'reporter' }]);
  });

  it("puts the statement of reasons on the listing's owner page", async () => {
    const [ember] = await sql<{ id: number }>(app, "select id from listing where slug = 'ember'");
    const owner = await WebClient.signedIn(app, 'maker@example.test');
    const page = await owner.get(`/me/listings/${ember.id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Decisions of the site team');
    expect(page.html).toContain('No product behind the checkout.');
  });
});

describe('a reversal', () => {
  it('restores a scheduled launch to its week, or to the next week with a free place once that week has passed', async () => {
    const thisWeek = mondayOf(new Date());
    const future = addWeeks(thisWeek, 2);
    const later = await addListing(app, {
      slug: 'later',
      name: 'Later',
      owner: ownerId,
      status: 'scheduled',
      launch_week: future,
    });
    const kept = await report('later');
    await decide(kept, { action: 'take_down', ground: 'scam', facts: 'x' });
    expect((await reverse(kept)).status).toBe(200);
    expect(await sql(app, "select status, launch_week::text as week from listing where slug = 'later'")).toEqual([
      { status: 'scheduled', week: isoDate(future) },
    ]);
    // Its launch lifecycle runs again, to take it live in its week.
    const launch = await app.deps.temporal.client.workflow.getHandle(workflowIds.listingLaunch(later)).describe();
    expect(launch.status.name).toBe('RUNNING');

    await addListing(app, { slug: 'missed', name: 'Missed', owner: ownerId, status: 'scheduled', launch_week: future });
    const moved = await report('missed');
    await decide(moved, { action: 'take_down', ground: 'scam', facts: 'x' });
    expect(await sql(app, "select status from listing where slug = 'missed'")).toEqual([{ status: 'rejected' }]);
    // The week passes while the listing is down.
    const past = addWeeks(thisWeek, -1);
    await sql(app, "update listing set launch_week = ? where slug = 'missed'", [isoDate(past)]);
    await sql(
      app,
      "update moderation_decision set before = jsonb_set(before, '{launchWeek}', to_jsonb(?::text)) where case_id = (select id from moderation_case where number = ?)",
      [isoDate(past), moved],
    );
    expect((await reverse(moved)).status).toBe(200);
    const [row] = await sql<{ status: string; week: string }>(
      app,
      "select status, launch_week::text as week from listing where slug = 'missed'",
    );
    expect(row.status).toBe('scheduled');
    expect(row.week > isoDate(thisWeek)).toBe(true);
  });
});
