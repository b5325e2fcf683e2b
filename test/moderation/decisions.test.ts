import { createApiKey } from '../../src/accounts/api-keys.js';
import { latestMail } from '../../src/mail/outbox.js';
import { addListing, addUser, addVotes, sql } from '../catalogue/fixtures.js';
import { connect } from '../mcp/support.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { runCli } from '../support/cli.js';
import { request } from '../support/http.js';
import { until } from '../support/until.js';

let app: TestApp;
let adminKey: string;
let memberKey: string;

beforeAll(async () => {
  // The read cache on, as in production: a decision must reach what it holds.
  app = await startTestApp({ worker: false, env: { PUBLIC_READ_CACHE_MS: '2000' } });
  const admin = await addUser(app, 'team@example.test');
  await sql(app, "update app_user set role = 'admin' where id = ?", [admin]);
  const member = await addUser(app, 'member@example.test');
  const owner = await addUser(app, 'owner@example.test');
  const em = app.deps.orm.em.fork();
  adminKey = (await createApiKey(em, admin, 'team')).key;
  memberKey = (await createApiKey(em, member, 'member')).key;
  const rocket = await addListing(app, { slug: 'rocket', name: 'Rocket', owner });
  await addVotes(app, rocket, 3);
  await addListing(app, { slug: 'comet', name: 'Comet', owner });
});
afterAll(() => app?.close());

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const fileReport = async (slug: string) =>
  (
    await request(`${app.api}/reports`, {
      method: 'POST',
      json: {
        kind: 'listing',
        slug,
        category: 'scam_or_spam',
        explanation: 'Takes money.',
        email: 'reporter@example.test',
        good_faith: true,
      },
    })
  ).body.number as string;
const decide = (number: string, body: Record<string, unknown>, key = adminKey) =>
  request(`${app.api}/admin/cases/${number}/decision`, { method: 'POST', json: body, headers: bearer(key) });

describe('admin operations', () => {
  it('do not exist for anyone but an admin: 404, and absent from tools/list and OpenAPI', async () => {
    const number = await fileReport('comet');
    for (const headers of [{}, bearer(memberKey)]) {
      expect((await request(`${app.api}/admin/cases`, { headers })).status).toBe(404);
      const refused = await request(`${app.api}/admin/cases/${number}/decision`, {
        method: 'POST',
        json: { action: 'dismiss', ground: 'spam', facts: 'x' },
        headers,
      });
      expect(refused.status).toBe(404);
      const openapi = await request(`${app.api}/openapi.json`, { headers });
      expect(JSON.stringify(openapi.body)).not.toContain('decide_case');
      const client = await connect(`${app.url}/mcp`, '2026-07-28', headers);
      expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('decide_case');
      // As any unknown tool: nothing says it exists.
      await expect(
        client.callTool({ name: 'decide_case', arguments: { number, action: 'dismiss', ground: 'spam', facts: 'x' } }),
      ).rejects.toThrow('Tool decide_case not found');
      await client.close();
    }
    expect(await sql(app, 'select state from moderation_case where number = ?', [number])).toEqual([{ state: 'open' }]);

    const openapi = await request(`${app.api}/openapi.json`, { headers: bearer(adminKey) });
    expect(Object.keys(openapi.body.paths)).toEqual(expect.arrayContaining(['/admin/cases', '/admin/cases/{number}/decision']));
    expect(openapi.headers.get('cache-control')).toBe('private, no-store');
    const client = await connect(`${app.url}/mcp`, '2026-07-28', bearer(adminKey));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['list_cases', 'decide_case', 'reverse_case']),
    );
    await client.close();
    const queue = await request(`${app.api}/admin/cases`, { headers: bearer(adminKey) });
    expect(queue.status).toBe(200);
    expect(queue.body.items.map((c: { number: string }) => c.number)).toContain(number);
  });
});

describe('a takedown and its reversal', () => {
  it('removes the listing from every read at once, tells the owner why, and a reversal restores it with its votes', async () => {
    const number = await fileReport('rocket');
    const weekly = async () =>
      (await request(`${app.api}/leaderboards/community-weekly`)).body.items.map(
        (i: { listing: { slug: string } }) => i.listing.slug,
      );
    const badge = () => request(`${app.url}/badges/rocket/standard-dark-m.svg`);
    await sql(app, "update listing set website_url = 'https://rocket.example/' where slug = 'rocket'");
    const visit = () => fetch(`${app.url}/go/rocket?via=listing`, { redirect: 'manual' });
    expect((await until(visit, (r) => r.status === 302)).status).toBe(302);
    const shown = await badge();
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('public, max-age=300');
    // Warm the read cache.
    expect((await request(`${app.api}/listings/rocket`)).body.votes).toBe(3);
    expect(await weekly()).toContain('rocket');

    const badGround = await decide(number, { action: 'take_down', ground: 'rudeness', facts: 'x' });
    expect(badGround.status).toBe(400);
    expect(badGround.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.ground']);

    const done = await decide(number, {
      action: 'take_down',
      ground: 'scam',
      facts: 'Payments taken, nothing shipped, per three reports.',
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ number, action: 'take_down', state: 'decided' });
    expect(await sql(app, "select status from listing where slug = 'rocket'")).toEqual([{ status: 'archived' }]);
    expect(
      (
        await until(
          () => request(`${app.api}/listings/rocket`),
          (r) => r.status === 404,
        )
      ).status,
    ).toBe(404);
    // The click redirect reads the same cached profile: it stops sending visitors there too.
    expect((await until(visit, (r) => r.status === 404)).status).toBe(404);
    expect(await until(weekly, (slugs) => !slugs.includes('rocket'))).not.toContain('rocket');
    expect((await request(`${app.url}/sitemap.xml`)).text).not.toContain('/listings/rocket<');
    expect((await badge()).status).toBe(404);
    const [mail] = await latestMail(app.deps.orm.em.fork(), 1, 'owner@example.test');
    expect(mail.text_body).toContain('Ground: scam');
    expect(mail.text_body).toContain('Payments taken, nothing shipped');
    expect(mail.text_body).toContain('/me/cases');

    expect((await decide(number, { action: 'dismiss', ground: 'scam', facts: 'again' })).status).toBe(409);

    const reversed = await request(`${app.api}/admin/cases/${number}/reversal`, {
      method: 'POST',
      json: { facts: 'The owner showed the orders were shipped.' },
      headers: bearer(adminKey),
    });
    expect(reversed.status).toBe(200);
    const back = await until(
      () => request(`${app.api}/listings/rocket`),
      (r) => r.status === 200,
    );
    expect(back.body).toMatchObject({ status: 'live', votes: 3 });
    expect((await badge()).status).toBe(200);
    expect(await until(weekly, (slugs) => slugs.includes('rocket'))).toContain('rocket');

    const audit = await sql<{ action: string; actor_email: string; via: string }>(
      app,
      "select action, actor_email, via from audit_log where item_kind = 'listing' order by id",
    );
    expect(audit).toEqual([
      { action: 'case.take_down', actor_email: 'team@example.test', via: 'api' },
      { action: 'case.reverse', actor_email: 'team@example.test', via: 'api' },
    ]);
  });

  it('restrict keeps the page, with a notice, but takes the listing out of lists and search', async () => {
    await addListing(app, { slug: 'nova', name: 'Nova' });
    const number = await fileReport('nova');
    expect(
      (await decide(number, { action: 'restrict', ground: 'misleading', facts: 'Claims it is free; it is not.' })).status,
    ).toBe(200);
    expect((await request(`${app.api}/listings/nova`)).status).toBe(200);
    const page = await request(`${app.url}/listings/nova`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('The site team restricted this listing');
    expect((await request(`${app.url}/listings/comet`)).text).not.toContain('The site team restricted this listing');
    const launches = await until(
      () => request(`${app.api}/launches?section=this-week`),
      (r) => !JSON.stringify(r.body).includes('"nova"'),
    );
    expect(JSON.stringify(launches.body)).not.toContain('"nova"');
    const search = await until(
      () => request(`${app.api}/listings?q=nova`),
      (r) => !JSON.stringify(r.body).includes('"nova"'),
    );
    expect(JSON.stringify(search.body)).not.toContain('"nova"');
  });
});

describe('the audit log', () => {
  it('refuses UPDATE and DELETE', async () => {
    await expect(sql(app, "update audit_log set actor_email = 'someone@else.test'")).rejects.toThrow(/append-only/);
    await expect(sql(app, 'delete from audit_log')).rejects.toThrow(/append-only/);
  });
});

describe('the case command', () => {
  it('lists the queue and decides as the named admin, recorded as the CLI', async () => {
    const number = await fileReport('comet');
    const listed = await runCli(app, 'case', 'list', '--json');
    expect(listed.status).toBe(0);
    expect(JSON.parse(listed.stdout).map((c: { number: string }) => c.number)).toContain(number);
    const refused = await runCli(
      app,
      'case',
      'decide',
      number,
      'dismiss',
      '--ground',
      'spam',
      '--facts',
      'Fine.',
      '--as',
      'member@example.test',
    );
    expect(refused.status).toBe(1);
    const decided = await runCli(
      app,
      'case',
      'decide',
      number,
      'dismiss',
      '--ground',
      'spam',
      '--facts',
      'Nothing wrong found.',
      '--as',
      'team@example.test',
    );
    expect(decided.stderr).toBe('');
    expect(decided.status).toBe(0);
    expect(await sql(app, "select action, via from audit_log where action = 'case.dismiss'")).toEqual([
      { action: 'case.dismiss', via: 'cli' },
    ]);
  });
});

describe('a takedown with --refund', () => {
  /** A paid launch order of the listing, paid through the test provider (no money to send back). */
  async function paidOrder(listing: number, number: string): Promise<void> {
    const [owner] = await sql<{ owner_id: number }>(app, 'select owner_id from listing where id = ?', [listing]);
    const [order] = await sql<{ id: number }>(
      app,
      `insert into orders (site_id, number, owner_id, status, billing_country, vat, subtotal_cents, discount_cents, net_cents,
         vat_cents, total_cents, checkout_token, provider, expires_at, paid_at)
       values (?, ?, ?, 'paid', 'US', '{}', 4900, 0, 4900, 0, 4900, 't', 'test', now(), now()) returning id`,
      [app.deps.site.id, number, owner.owner_id],
    );
    await sql(
      app,
      `insert into order_line (order_id, position, product_key, listing_id, quantity, unit_cents, discount_cents, net_cents,
         vat_rate, vat_cents, total_cents) values (?, 0, 'launch', ?, 1, 4900, 0, 4900, 0, 0, 4900)`,
      [order.id, listing],
    );
  }

  it('refunds the listing’s paid order only when the decision says so, and refuses it on other decisions', async () => {
    const owner = await sql<{ id: number }>(app, "select id from app_user where email = 'owner@example.test'");
    const pulsar = await addListing(app, { slug: 'pulsar', name: 'Pulsar', owner: owner[0].id, status: 'scheduled' });
    await paidOrder(pulsar, 'LD-2026-900001');
    const number = await fileReport('pulsar');

    const refusedApi = await decide(number, { action: 'dismiss', ground: 'spam', facts: 'x', refund: true });
    expect(refusedApi.status).toBe(400);
    expect(refusedApi.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.refund']);
    expect((await runCli(app, 'case', 'reverse', number, '--facts', 'x', '--refund', '--as', 'team@example.test')).status).toBe(
      2,
    );

    const decided = await runCli(
      app,
      'case',
      'decide',
      number,
      'take-down',
      '--ground',
      'scam',
      '--facts',
      'A copy of another product, sold as its own.',
      '--refund',
      '--as',
      'team@example.test',
    );
    expect(decided.stderr).toBe('');
    expect(decided.stdout).toContain('Refunded: LD-2026-900001.');
    expect(await sql(app, 'select status from listing where id = ?', [pulsar])).toEqual([{ status: 'rejected' }]);
    expect(await sql(app, "select status from orders where number = 'LD-2026-900001'")).toEqual([{ status: 'refunded' }]);
    expect(
      await sql(app, 'select d.refund from moderation_decision d join moderation_case c on c.id = d.case_id where c.number = ?', [
        number,
      ]),
    ).toEqual([{ refund: true }]);
    expect(await sql(app, "select action, via from audit_log where item_id = 'LD-2026-900001'")).toEqual([
      { action: 'order.refund', via: 'cli' },
    ]);
    const [mail] = await latestMail(app.deps.orm.em.fork(), 1, 'owner@example.test');
    expect(mail.subject).toBe('Order LD-2026-900001 refunded');
  });
});
