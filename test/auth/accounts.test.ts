import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { formsOf, signInLinkFor, WebClient } from '../support/web-client.js';
import { accessTokenFor } from '../support/oauth.js';
import { loadConfig } from '../../src/config.js';
import { runTimeSecrets } from '../support/secrets.js';

const run = promisify(execFile);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: false });
});
afterAll(() => app.close());

const bearer = (credential: string) => ({ authorization: `Bearer ${credential}` });

async function createKey(browser: WebClient, name: string): Promise<string> {
  const account = await browser.get('/account');
  const created = await browser.submit(account, '/account/api-keys', { name });
  expect(created.status).toBe(201);
  return /<code class="key" id="new-api-key">([^<]+)<\/code>/.exec(created.html)![1];
}

describe('sign-in by email link', () => {
  it('mails a one-time link that signs in after a confirmation and creates the account', async () => {
    const browser = new WebClient(app.url);
    const account = await browser.signIn(app, 'New.Person@Example.com');
    expect(account.url).toBe(`${app.url}/account`);
    expect(account.html).toContain('Signed in as <strong id="account-email">new.person@example.com</strong>');
    const cookie = (await browser.get('/account')).headers;
    expect(cookie).toBeDefined();

    // The same link cannot be used twice.
    const link = await signInLinkFor(app, 'new.person@example.com');
    const again = await new WebClient(app.url).get(link);
    expect(again.status).toBe(400);
    expect(again.html).toContain('no longer works');
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, and refuses forms without the CSRF token', async () => {
    const browser = new WebClient(app.url);
    const start = await browser.get('/sign-in');
    await browser.submit(start, '/sign-in', { email: 'cookie@example.com' });
    const confirm = await browser.get(await signInLinkFor(app, 'cookie@example.com'));
    const form = formsOf(confirm.html).find((f) => f.action === '/sign-in/link')!;
    const forged = await browser.post('/sign-in/link', { token: form.fields.token, csrf: 'forged' });
    expect(forged.status).toBe(403);
    const signedIn = await browser.post('/sign-in/link', form.fields);
    expect(signedIn.status).toBe(303);
    const setCookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('ld_session='))!;
    expect(setCookie).toMatch(/httponly/i);
    expect(setCookie).toMatch(/samesite=lax/i);

    const noCsrf = await browser.post('/account/api-keys', { name: 'x' });
    expect(noCsrf.status).toBe(403);
    const other = new WebClient(app.url);
    const otherToken = formsOf((await other.get('/sign-in')).html)[0].fields.csrf;
    expect((await browser.post('/account/api-keys', { name: 'x', csrf: otherToken })).status).toBe(403);
  });

  it('refuses a bad email with 400 and never redirects off the site after sign-in', async () => {
    const browser = new WebClient(app.url);
    const start = await browser.get('/sign-in');
    expect((await browser.submit(start, '/sign-in', { email: 'not-an-email' })).status).toBe(400);
    const evil = await browser.get('/sign-in?return_to=//evil.example/x');
    expect(evil.html).not.toContain('evil.example');
    const page = await browser.signIn(app, 'return@example.com', evil);
    expect(page.url).toBe(`${app.url}/account`);
  });

  it('throttles sign-in mail to one address', async () => {
    const browser = new WebClient(app.url);
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await browser.submit(await browser.get('/sign-in'), '/sign-in', { email: 'flood@example.com' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('sends the account page to sign-in when signed out, and signs out', async () => {
    const browser = new WebClient(app.url);
    const anonymous = await browser.get('/account');
    expect(anonymous.status).toBe(303);
    expect(anonymous.location).toBe('/sign-in?return_to=%2Faccount');
    const account = await browser.signIn(app, 'leaver@example.com');
    const out = await browser.submit(account, '/sign-out');
    expect(out.status).toBe(303);
    expect((await browser.get('/account')).status).toBe(303);
  });
});

describe('API keys', () => {
  it('creates a key shown once, lists it by prefix, records use, and revokes it at once', async () => {
    const browser = new WebClient(app.url);
    await browser.signIn(app, 'keys@example.com');
    const key = await createKey(browser, 'laptop');
    expect(key).toMatch(/^ldk_[A-Za-z0-9_-]{43}$/);

    const me = await request(`${app.api}/me`, { headers: bearer(key) });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe('keys@example.com');
    expect(me.body.auth).toEqual({ via: 'api_key', client_id: null, scopes: ['account:read', 'listings:write', 'orders:write'] });

    const listed = await browser.get('/account');
    expect(listed.html).not.toContain(key);
    expect(listed.html).toContain(`<code>${key.slice(0, 10)}…</code>`);
    expect(listed.html).toMatch(
      /<td>laptop<\/td><td><code>[^<]+<\/code><\/td><td>[^<]+<\/td><td>\d{4}-\d\d-\d\d \d\d:\d\d UTC<\/td>/,
    );

    const revoke = formsOf(listed.html).find((f) => /\/revoke$/.test(f.action))!;
    expect((await browser.post(revoke.action, revoke.fields)).status).toBe(303);
    const after = await request(`${app.api}/me`, { headers: bearer(key) });
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toBe(
      `Bearer error="invalid_token", resource_metadata="${app.url}/.well-known/oauth-protected-resource/api/v1"`,
    );
    expect((await browser.get('/account')).html).not.toContain('<td>laptop</td>');
  });

  it("cannot revoke another person's key", async () => {
    const owner = new WebClient(app.url);
    await owner.signIn(app, 'owner@example.com');
    const key = await createKey(owner, 'mine');
    const revokeAction = formsOf((await owner.get('/account')).html).find((f) => /\/revoke$/.test(f.action))!.action;
    const intruder = new WebClient(app.url);
    const page = await intruder.signIn(app, 'intruder@example.com');
    const res = await intruder.post(revokeAction, { csrf: formsOf(page.html)[0].fields.csrf });
    expect(res.status).toBe(404);
    expect((await request(`${app.api}/me`, { headers: bearer(key) })).status).toBe(200);
  });

  it('are created by operators with the CLI: user create, apikey create (printed once)', async () => {
    const env = { ...process.env, ...app.env, LOG_LEVEL: 'silent' };
    const cli = (...args: string[]) => run('node_modules/.bin/tsx', ['src/cli.ts', ...args], { env });
    expect((await cli('user', 'create', '--email', 'operator@example.com')).stdout).toMatch(/^User \d+: operator@example.com/);
    const { stdout } = await cli('apikey', 'create', '--email', 'operator@example.com', '--name', 'ci');
    const key = stdout.trim();
    expect(key).toMatch(/^ldk_[A-Za-z0-9_-]{43}$/);
    expect((await request(`${app.api}/me`, { headers: bearer(key) })).body.user.email).toBe('operator@example.com');
    await expect(cli('apikey', 'create', '--email', 'nobody@example.com', '--name', 'x')).rejects.toMatchObject({ code: 1 });
  }, 60_000);
});

describe('get_account', () => {
  it('is 401 with a resource_metadata challenge without credentials, and for malformed or unknown ones', async () => {
    const none = await request(`${app.api}/me`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${app.url}/.well-known/oauth-protected-resource/api/v1"`,
    );
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', `Bearer ldk_${'A'.repeat(43)}`, 'Bearer not.a.jwt']) {
      const res = await request(`${app.api}/me`, { headers: { authorization: header } });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('unauthorized');
      expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
  });

  it('public reads accept a valid token and refuse an invalid one', async () => {
    const browser = new WebClient(app.url);
    await browser.signIn(app, 'reader@example.com');
    const key = await createKey(browser, 'reader');
    expect((await request(`${app.api}/site`, { headers: bearer(key) })).status).toBe(200);
    expect((await request(`${app.api}/site`, { headers: bearer(`ldk_${'B'.repeat(43)}`) })).status).toBe(401);
    expect((await request(`${app.api}/site`)).status).toBe(200);
  });
});

describe('credential storage', () => {
  it('keeps no API key, token, code, link or session in plain text', async () => {
    const browser = new WebClient(app.url);
    await browser.signIn(app, 'vault@example.com');
    const secrets = [
      await createKey(browser, 'vault'),
      browser.cookie('ld_session')!,
      (await signInLinkFor(app, 'vault@example.com')).split('token=')[1],
    ];
    const token = await accessTokenFor(app, browser, 'vault@example.com', 'account:read', `${app.url}/api/v1`);
    secrets.push(token, browser.cookie('_session')!);
    const reg = await request(`${app.url}/oauth/reg`, {
      method: 'POST',
      json: { redirect_uris: ['http://127.0.0.1:7777/callback'] },
    });
    secrets.push(reg.body.registration_access_token);
    expect(secrets.every((s) => typeof s === 'string' && s.length >= 20)).toBe(true);

    const conn = app.deps.orm.em.fork().getConnection();
    const tables = await conn.execute<{ tablename: string }[]>("select tablename from pg_tables where schemaname = 'public'");
    // The development outbox is the stand-in for a mailbox: it holds mail as sent, link included.
    for (const { tablename } of tables.filter((t) => t.tablename !== 'mail_outbox')) {
      const rows = await conn.execute<{ row: string }[]>(`select row_to_json(t)::text as row from "${tablename}" t`);
      const dump = rows.map((r) => r.row).join('\n');
      for (const secret of secrets)
        expect({ table: tablename, found: dump.includes(secret) }).toEqual({ table: tablename, found: false });
    }
  });
});

describe('development mail page', () => {
  it('shows the outbox outside production only', async () => {
    const page = await request(`${app.url}/dev/mail`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Development mail outbox');
    const production = { NODE_ENV: 'production', PAYMENT_PROVIDER: 'test', ALLOW_TEST_PAYMENTS: 'true' };
    expect(loadConfig({ ...production, VOTE_NETWORK_KEY: runTimeSecrets().VOTE_NETWORK_KEY }).devPages).toBe(false);
  });
});
