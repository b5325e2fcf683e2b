import { latestMail } from '../../src/mail/outbox.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { registerClient, pkcePair } from '../support/oauth.js';
import { WebClient, type Page } from '../support/web-client.js';

/**
 * The app as a TLS-terminating proxy would serve it at https://directory.example.test: the test
 * talks to it over plain http on loopback, as the proxy does, and TRUST_PROXY stays off, so no
 * forwarded header tells the app about https. Every cookie must still be Secure.
 */
const publicUrl = 'https://directory.example.test';
let https: TestApp;
let http: TestApp;

beforeAll(async () => {
  [https, http] = await Promise.all([
    startTestApp({ worker: false, env: { PUBLIC_URL: publicUrl } }),
    startTestApp({ worker: false }),
  ]);
});
afterAll(async () => {
  await https?.close();
  await http?.close();
});

/** Signs in and connects an OAuth client, keeping every Set-Cookie header on the way. */
async function cookiesOfEverything(app: TestApp): Promise<string[]> {
  const browser = new WebClient(app.url);
  const setCookies: string[] = [];
  const host = new URL(app.url).host;
  const seen = (page: Page) => {
    setCookies.push(...page.headers.getSetCookie());
    return page;
  };
  // Redirects the app addresses to its https origin reach it here over the proxy's plain http.
  const local = (location: string, base: string) => {
    const url = new URL(location, base);
    if (url.host === host || url.origin === publicUrl) return `${app.url}${url.pathname}${url.search}`;
    return undefined;
  };
  const follow = async (page: Page) => {
    for (let next = page.location && local(page.location, page.url); next; next = page.location && local(page.location, page.url))
      page = seen(await browser.get(next));
    return page;
  };

  const email = 'secure@example.test';
  const form = seen(await browser.get('/sign-in'));
  expect(seen(await browser.submit(form, '/sign-in', { email })).status).toBe(200);
  const [mail] = await latestMail(app.deps.orm.em.fork(), 1, email);
  const token = /\/sign-in\/link\?token=([\w-]+)/.exec(mail.text_body)![1];
  const confirm = seen(await browser.get(`/sign-in/link?token=${token}`));
  await follow(seen(await browser.submit(confirm, '/sign-in/link')));

  const redirectUri = 'http://127.0.0.1:7777/callback';
  const client = await registerClient(app, { redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' });
  const query = new URLSearchParams({
    client_id: client.body.client_id,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'account:read',
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
    state: 'state',
  });
  let page = await follow(seen(await browser.get(`/oauth/auth?${query.toString()}`)));
  for (const step of [/\/login$/, /\/confirm$/]) {
    if (page.status === 200 && formAction(page, step)) page = await follow(seen(await browser.submit(page, step)));
  }
  expect(page.location).toMatch(/^http:\/\/127\.0\.0\.1:7777\/callback\?code=/);

  seen(await browser.submit(seen(await browser.get('/account')), '/sign-out'));
  return setCookies;
}

const formAction = (page: Page, action: RegExp) => [...page.html.matchAll(/action="([^"]+)"/g)].some((m) => action.test(m[1]));
const cookieNames = (lines: string[]) => [...new Set(lines.map((line) => line.slice(0, line.indexOf('='))))].sort();

describe('cookies and transport security', () => {
  it('with an https PUBLIC_URL, every cookie (session, CSRF, OAuth interaction and session) is Secure, whatever TRUST_PROXY says', async () => {
    const cookies = await cookiesOfEverything(https);
    expect(cookieNames(cookies)).toEqual(
      expect.arrayContaining(['_interaction', '_interaction_resume', '_session', 'ld_csrf', 'ld_session']),
    );
    const insecure = cookies.filter((line) => !/;\s*secure(;|$)/i.test(line));
    expect(insecure).toEqual([]);
  });

  it.each(['/', '/sign-in', '/api/v1/site', '/.well-known/oauth-authorization-server'])(
    'with an https PUBLIC_URL, %s sends Strict-Transport-Security for a year with subdomains',
    async (path) => {
      const res = await request(`${https.url}${path}`, { headers: { 'x-forwarded-proto': 'http' } });
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    },
  );

  it('with an http PUBLIC_URL, no HSTS and no Secure cookie (a browser would drop it over http)', async () => {
    expect((await request(`${http.url}/`)).headers.get('strict-transport-security')).toBeNull();
    const cookies = await cookiesOfEverything(http);
    expect(cookies.length).toBeGreaterThan(0);
    expect(cookies.filter((line) => /;\s*secure(;|$)/i.test(line))).toEqual([]);
  });
});
