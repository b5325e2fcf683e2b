import { createApiKey } from '../../src/accounts/api-keys.js';
import { latestMail } from '../../src/mail/outbox.js';
import { addListing, addUser, sql } from '../catalogue/fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { runCli } from '../support/cli.js';
import { request } from '../support/http.js';
import { accessTokenFor } from '../support/oauth.js';
import { WebClient } from '../support/web-client.js';

let app: TestApp;
let adminKey: string;
let personKey: string;
let personToken: string;
let browser: WebClient;
let reviewId: number;
const person = 'blocked@example.test';

beforeAll(async () => {
  app = await startTestApp({ worker: false });
  const admin = await addUser(app, 'team@example.test');
  await sql(app, "update app_user set role = 'admin' where id = ?", [admin]);
  adminKey = (await createApiKey(app.deps.orm.em.fork(), admin, 'team')).key;
  browser = await WebClient.signedIn(app, person);
  const [{ id }] = await sql<{ id: number }>(app, 'select id from app_user where email = ?', [person]);
  personKey = (await createApiKey(app.deps.orm.em.fork(), id, 'own')).key;
  personToken = await accessTokenFor(app, browser, person, 'account:read', `${app.url}/api/v1`);
  const voted = await addListing(app, { slug: 'voted', name: 'Voted' });
  await addListing(app, { slug: 'theirs', name: 'Theirs', owner: id });
  await sql(app, 'insert into vote (listing_id, user_id) values (?, ?)', [voted, id]);
  [{ id: reviewId }] = await sql<{ id: number }>(
    app,
    "insert into review (listing_id, user_id, rating, body) values (?, ?, 5, 'Great.') returning id",
    [voted, id],
  );
});
afterAll(() => app?.close());

const bearer = (credential: string) => ({ authorization: `Bearer ${credential}` });
const me = (credential: string) => request(`${app.api}/me`, { headers: bearer(credential) });
const ledger = async () => (await request(`${app.api}/listings/voted`)).body.vote_ledger;
const reviewHidden = async () =>
  (await sql<{ hidden: boolean }>(app, 'select hidden from review where id = ?', [reviewId]))[0].hidden;

describe('account blocks', () => {
  it('stop the API key, the OAuth token and the web session at once; discount votes, hide reviews, open cases, log it', async () => {
    expect((await me(personKey)).status).toBe(200);
    expect((await me(personToken)).status).toBe(200);
    expect((await ledger()).counted).toBe(1);

    const done = await runCli(app, 'user', 'block', person, '--reason', 'Fake reviews in bulk.', '--as', 'team@example.test');
    expect(done.stderr).toBe('');
    expect(done.stdout).toMatch(
      /blocked@example\.test is blocked: 1 review\(s\) hidden, 1 vote\(s\) discounted\. Cases: C-\d{4}-\d{6}\./,
    );

    for (const credential of [personKey, personToken]) {
      const refused = await me(credential);
      expect(refused.status).toBe(401);
      expect(refused.body.detail).toContain('blocked');
    }
    const page = await browser.get('/account');
    expect(page.status).toBe(403);
    expect(page.html).toContain('Your account is blocked');
    expect(await ledger()).toMatchObject({ counted: 0, discounted: expect.objectContaining({ blocked: 1 }) });
    expect(await reviewHidden()).toBe(true);
    expect(
      await sql(app, "select kind, state from moderation_case where listing_id = (select id from listing where slug = 'theirs')"),
    ).toEqual([{ kind: 'listing', state: 'open' }]);
    const [mail] = await latestMail(app.deps.orm.em.fork(), 1, person);
    expect(mail.subject).toContain('is blocked');
    expect(mail.text_body).toContain('Fake reviews in bulk.');
    // A fresh sign-in lands on the same page.
    const signingIn = await new WebClient(app.url).signIn(app, person);
    expect(signingIn.status).toBe(403);
    expect(signingIn.html).toContain('Your account is blocked');
    expect(await sql(app, "select actor_email, via, action, item_kind from audit_log where action = 'block'")).toEqual([
      { actor_email: 'team@example.test', via: 'cli', action: 'block', item_kind: 'user' },
    ]);
    // Blocking twice is a conflict, not a second block.
    const again = await request(`${app.api}/admin/people/block`, {
      method: 'POST',
      json: { email: person, reason: 'Again.' },
      headers: bearer(adminKey),
    });
    expect(again.status).toBe(409);
  });

  it('lists the blocked person at /admin/people for admins only; its forms need a CSRF token', async () => {
    const listed = await request(`${app.api}/admin/people`, { headers: bearer(adminKey) });
    expect(listed.body.items).toEqual([expect.objectContaining({ email: person, reason: 'Fake reviews in bulk.' })]);
    const member = await WebClient.signedIn(app, 'member@example.test');
    expect((await member.get('/admin/people')).status).toBe(404);
    expect((await new WebClient(app.url).get('/admin/people')).status).toBe(404);
    const team = await WebClient.signedIn(app, 'team@example.test');
    const page = await team.get('/admin/people');
    expect(page.status).toBe(200);
    expect(page.html).toContain(person);
    expect((await team.post('/admin/people/unblock', { email: person })).status).toBe(403);
    expect((await team.post('/admin/people/unblock', { email: person, csrf: 'forged' })).status).toBe(403);
    expect((await request(`${app.api}/admin/people`, { headers: bearer(adminKey) })).body.items).toHaveLength(1);
  });

  it('are undone by an unblock from the page: credentials, session, votes and reviews as before', async () => {
    const team = await WebClient.signedIn(app, 'team@example.test');
    const unblocked = await team.submit(await team.get('/admin/people'), '/admin/people/unblock');
    expect(unblocked.status).toBe(303);
    expect((await me(personKey)).status).toBe(200);
    expect((await me(personToken)).status).toBe(200);
    expect((await browser.get('/account')).status).toBe(200);
    expect(await ledger()).toMatchObject({ counted: 1, discounted: expect.objectContaining({ blocked: 0 }) });
    expect(await reviewHidden()).toBe(false);
    expect(await sql(app, "select via, action from audit_log where item_kind = 'user' order by id")).toEqual([
      { via: 'cli', action: 'block' },
      { via: 'page', action: 'unblock' },
    ]);
    const audit = await team.get('/admin/audit');
    expect(audit.status).toBe(200);
    expect(audit.html).toContain('unblock');
  });
});
