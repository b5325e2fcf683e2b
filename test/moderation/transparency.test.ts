import { createApiKey } from '../../src/accounts/api-keys.js';
import { addListing, addUser, sql } from '../catalogue/fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';

let app: TestApp;
let adminKey: string;

beforeAll(async () => {
  app = await startTestApp({ worker: false });
  const admin = await addUser(app, 'team@example.test');
  await sql(app, "update app_user set role = 'admin' where id = ?", [admin]);
  adminKey = (await createApiKey(app.deps.orm.em.fork(), admin, 'team')).key;
  for (const slug of ['one', 'two', 'three']) await addListing(app, { slug, name: slug });
});
afterAll(() => app?.close());

const report = async (slug: string, category: string, email: string) =>
  (
    await request(`${app.api}/reports`, {
      method: 'POST',
      json: { kind: 'listing', slug, category, law: 'Consumer law', explanation: 'Wrong.', email, good_faith: true },
    })
  ).body.number as string;
const admin = (path: string, json: Record<string, unknown>) =>
  request(`${app.api}/admin/cases/${path}`, { method: 'POST', json, headers: { authorization: `Bearer ${adminKey}` } });

describe('/transparency', () => {
  it('equals the counts computed from the tables, as JSON and as HTML', async () => {
    const a = await report('one', 'scam_or_spam', 'a@example.test');
    await report('one', 'scam_or_spam', 'b@example.test');
    const b = await report('two', 'illegal', 'c@example.test');
    await report('three', 'misleading', 'd@example.test');
    expect((await admin(`${a}/decision`, { action: 'take_down', ground: 'scam', facts: 'x' })).status).toBe(200);
    expect((await admin(`${b}/decision`, { action: 'dismiss', ground: 'law:Consumer law', facts: 'x' })).status).toBe(200);
    expect((await admin(`${a}/reversal`, { facts: 'y' })).status).toBe(200);
    await addUser(app, 'spammer@example.test');
    const blocked = await request(`${app.api}/admin/people/block`, {
      method: 'POST',
      json: { email: 'spammer@example.test', reason: 'Bulk fake reviews.' },
      headers: { authorization: `Bearer ${adminKey}` },
    });
    expect(blocked.status).toBe(200);

    const res = await request(`${app.url}/transparency`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    const month = (await sql<{ m: string }>(app, "select to_char(now() at time zone 'UTC', 'YYYY-MM') as m"))[0].m;
    const [current] = res.body.months;
    expect(current.month).toBe(month);

    const reports = await sql<{ category: string; n: number }>(
      app,
      'select category, count(*)::int as n from moderation_report group by category',
    );
    expect(current.reports).toEqual(Object.fromEntries(reports.map((r) => [r.category, r.n])));
    expect(current.reports).toEqual({ scam_or_spam: 2, illegal: 1, misleading: 1 });
    const decisions = await sql<{ action: string; ground: string; count: number }>(
      app,
      "select action, ground, count(*)::int as count from moderation_decision where action <> 'reverse' group by 1, 2 order by 1, 2",
    );
    expect(current.decisions).toEqual(decisions);
    const [{ median }] = await sql<{ median: number }>(
      app,
      `select round((percentile_cont(0.5) within group (order by h))::numeric, 1)::float as median from (
         select distinct on (d.case_id) extract(epoch from d.created_at - c.opened_at) / 3600 as h
         from moderation_decision d join moderation_case c on c.id = d.case_id order by d.case_id, d.id) f`,
    );
    expect(current.median_hours_to_decision).toBe(median);
    const [{ appeals }] = await sql<{ appeals: number }>(app, 'select count(*)::int as appeals from moderation_appeal');
    expect(current.appeals).toBe(appeals);
    const [{ reversals }] = await sql<{ reversals: number }>(
      app,
      "select count(*)::int as reversals from moderation_decision where action = 'reverse'",
    );
    expect(current.reversals).toBe(reversals);
    expect(reversals).toBe(1);
    const [{ blocks }] = await sql<{ blocks: number }>(app, 'select count(*)::int as blocks from account_block');
    expect(current.account_blocks).toBe(blocks);
    expect(blocks).toBe(1);

    const page = await request(`${app.url}/transparency`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain(`<h2 id="m-${month}">${month}</h2>`);
    expect(page.text).toContain('Scam or spam: 2');
    expect(page.text).toContain('Taken down under the rule <a href="/rules#rule-scam">No scams</a>: 1');
    expect(page.text).toContain('Left as it was under the law Consumer law: 1');
    expect(page.text).toContain(`Half of the cases had a first decision within ${median} hours of their first report.`);
    expect(page.text).toContain('Decisions undone after a second look: 1.');
    expect(page.text).toContain('Accounts blocked: 1.');
    // A page for people: the JSON is there for a request that asks for it, not in words meant for programs.
    expect(page.text).not.toMatch(/application\/json|ask for/);
  });
});
