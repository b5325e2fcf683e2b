import { latestMail } from '../../src/mail/outbox.js';
import { workflowIds } from '../../src/domain/workflow-ids.js';
import { addListing, addUser, sql } from '../catalogue/fixtures.js';
import { connect } from '../mcp/support.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { WebClient } from '../support/web-client.js';
import { htmlProblems } from '../web/pages.js';

let app: TestApp;
let rocketId: number;
let reviewId: number;

beforeAll(async () => {
  app = await startTestApp({ worker: false, env: { REPORTS_PER_HOUR: '1000' } });
  const owner = await addUser(app, 'owner@example.test');
  const author = await addUser(app, 'author@example.test');
  rocketId = await addListing(app, { slug: 'rocket', name: 'Rocket', owner });
  await addListing(app, { slug: 'gone', name: 'Gone', status: 'archived' });
  await addListing(app, { slug: 'comet', name: 'Comet' });
  [{ id: reviewId }] = await sql<{ id: number }>(
    app,
    'insert into review (listing_id, user_id, rating, body) values (?, ?, 1, ?) returning id',
    [rocketId, author, 'Terrible'],
  );
});
afterAll(() => app?.close());

const report = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  request(`${app.api}/reports`, { method: 'POST', json: body, headers });
const scam = {
  kind: 'listing',
  slug: 'rocket',
  category: 'scam_or_spam',
  explanation: 'It takes payments and ships nothing.',
  email: 'reporter@example.test',
  good_faith: true,
};

describe('report_content', () => {
  it('answers 201 with the case number, mails an acknowledgement and starts the case lifecycle', async () => {
    const res = await report(scam);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      number: expect.stringMatching(/^C-\d{4}-\d{6}$/),
      state: 'open',
      received_at: expect.any(String),
    });
    const [mail] = await latestMail(app.deps.orm.em.fork(), 1, 'reporter@example.test');
    expect(mail.subject).toContain(res.body.number);
    expect(mail.text_body).toContain('It takes payments and ships nothing.');
    const handle = app.deps.temporal.client.workflow.getHandle(workflowIds.moderationCase('listing', rocketId, 1));
    const described = await handle.describe();
    expect(described.type).toBe('moderationCase');
    expect(described.searchAttributes).toMatchObject({ ModerationKind: ['listing'], ModerationState: ['open'] });

    // A second report of the same item joins its case.
    const again = await report({ ...scam, category: 'misleading', email: 'second@example.test' });
    expect(again.status).toBe(201);
    expect(again.body.number).toBe(res.body.number);
    expect(
      await sql(
        app,
        'select count(*)::int as n from moderation_report r join moderation_case c on c.id = r.case_id where c.number = ?',
        [res.body.number],
      ),
    ).toEqual([{ n: 2 }]);
  });

  it('takes reviews by id, and gives a review its own case', async () => {
    const res = await report({
      kind: 'review',
      id: reviewId,
      category: 'other',
      explanation: 'Abusive words.',
      email: 'r@example.test',
      good_faith: true,
    });
    expect(res.status).toBe(201);
    const [c] = await sql<{ kind: string; owner: string }>(
      app,
      'select c.kind, u.email as owner from moderation_case c join app_user u on u.id = c.owner_id where c.number = ?',
      [res.body.number],
    );
    expect(c).toEqual({ kind: 'review', owner: 'author@example.test' });
  });

  it('refuses bad input with 400 naming the field', async () => {
    const long = await report({ ...scam, explanation: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.explanation']);
    const unknown = await report({ ...scam, category: 'rude' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.category']);
    const noLaw = await report({ ...scam, category: 'illegal' });
    expect(noLaw.status).toBe(400);
    expect(noLaw.body.errors).toEqual([{ path: 'body.law', message: 'required when category is illegal' }]);
    expect((await report({ ...scam, category: 'illegal', law: 'Consumer protection act' })).status).toBe(201);
    const { email: _email, ...anonymous } = scam;
    const noEmail = await report(anonymous);
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.errors).toEqual([{ path: 'body.email', message: 'required when not signed in' }]);
    expect((await report({ ...scam, good_faith: false })).body.errors.map((e: { path: string }) => e.path)).toEqual([
      'body.good_faith',
    ]);
    expect((await report({ ...scam, slug: undefined })).body.errors.map((e: { path: string }) => e.path)).toEqual(['body.slug']);
  });

  it('is 404 for an unknown or removed item', async () => {
    expect((await report({ ...scam, slug: 'nothing' })).status).toBe(404);
    expect((await report({ ...scam, slug: 'gone' })).status).toBe(404);
    expect((await report({ ...scam, kind: 'review', slug: undefined, id: 2_000_000_000 })).status).toBe(404);
    await sql(app, 'update review set hidden = true where id = ?', [reviewId]);
    expect((await report({ ...scam, kind: 'review', slug: undefined, id: reviewId })).status).toBe(404);
    await sql(app, 'update review set hidden = false where id = ?', [reviewId]);
  });

  it('is the MCP tool of the same name, public', async () => {
    const client = await connect(`${app.url}/mcp`, '2026-07-28');
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain('report_content');
    const result = await client.callTool({
      name: 'report_content',
      arguments: { ...scam, slug: 'comet', email: 'mcp@example.test' },
    });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { number: string }).number).toMatch(/^C-\d{4}-\d{6}$/);
    await client.close();
  });
});

describe('the report form and the rules', () => {
  it('publishes the rules with their keys', async () => {
    const res = await new WebClient(app.url).get('/rules');
    expect(res.status).toBe(200);
    for (const key of ['scam', 'spam', 'impersonation', 'trademark', 'misleading', 'illegal', 'off_topic'])
      expect(res.html).toContain(`id="rule-${key}"`);
    expect(await htmlProblems(res.html)).toEqual([]);
  });

  it('lets a visitor report from the listing page, shows refusals next to the fields, and refuses a form without CSRF', async () => {
    const visitor = new WebClient(app.url);
    const listing = await visitor.get('/listings/comet');
    expect(listing.html).toContain('href="/report?kind=listing&amp;slug=comet"');
    const form = await visitor.get('/report?kind=listing&slug=comet');
    expect(await htmlProblems(form.html)).toEqual([]);
    const refused = await visitor.submit(form, '/report', { category: 'scam_or_spam', explanation: 'Fake', good_faith: 'true' });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('required when not signed in');
    const sent = await visitor.submit(form, '/report', {
      category: 'scam_or_spam',
      explanation: 'Fake',
      email: 'visitor@example.test',
      good_faith: 'true',
    });
    expect(sent.status).toBe(200);
    expect(sent.html).toMatch(/case <strong>C-\d{4}-\d{6}<\/strong>/);
    expect(
      (
        await visitor.post('/report', {
          kind: 'listing',
          item: 'comet',
          category: 'other',
          explanation: 'x',
          email: 'v@example.test',
          good_faith: 'true',
        })
      ).status,
    ).toBe(403);
  });
});

describe('the report limit', () => {
  it('takes at most REPORTS_PER_HOUR reports an hour from one network, then 429', async () => {
    const limited = await startTestApp({ worker: false, env: { REPORTS_PER_HOUR: '3' } });
    try {
      await addListing(limited, { slug: 'nova', name: 'Nova' });
      const send = (n: number) =>
        request(`${limited.api}/reports`, { method: 'POST', json: { ...scam, slug: 'nova', email: `p${n}@example.test` } });
      for (let n = 1; n <= 3; n++) expect((await send(n)).status).toBe(201);
      const refused = await send(4);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('rate_limited');
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});
