import { addListing, addUser, sql } from '../catalogue/fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { WebClient } from '../support/web-client.js';

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
