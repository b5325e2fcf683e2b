import { createHmac, randomBytes } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app.js';
import { authorize, pkcePair, registerClient } from '../support/oauth.js';
import { WebClient } from '../support/web-client.js';

/**
 * The OAuth server's cookies (interaction, session) are signed and checked with the server's
 * cookie keys, newest first, so that rotating COOKIE_KEYS rotates them too; without keys
 * oidc-provider set its session cookie unsigned and took any interaction cookie unsigned.
 */
const newest = randomBytes(32).toString('base64url');
const older = randomBytes(32).toString('base64url');
/** How Koa's cookie jar (keygrip, HMAC-SHA1) signs `name=value`. */
const signature = (key: string, name: string, value: string) =>
  createHmac('sha1', key).update(`${name}=${value}`).digest('base64url');

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: false, env: { COOKIE_KEYS: `${newest},${older}` } });
});
afterAll(() => app.close());

async function startAuthorization(): Promise<{ uid: string; cookies: Map<string, string> }> {
  const redirectUri = 'http://127.0.0.1:7777/callback';
  const client = await registerClient(app, {
    client_name: 'Cookie check',
    redirect_uris: [redirectUri],
    token_endpoint_auth_method: 'none',
  });
  const query = new URLSearchParams({
    client_id: client.body.client_id,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'account:read',
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
    state: 'cookie-check',
  });
  const res = await fetch(`${app.url}/oauth/auth?${query.toString()}`, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const uid = /\/oauth\/interaction\/([^/?]+)/.exec(res.headers.get('location') ?? '')![1];
  const cookies = new Map(res.headers.getSetCookie().map((line) => line.split(';')[0].split('=') as [string, string]));
  return { uid, cookies };
}

const interactionPage = (uid: string, sig: string | undefined) =>
  fetch(`${app.url}/oauth/interaction/${uid}`, {
    headers: { cookie: [`_interaction=${uid}`, ...(sig ? [`_interaction.sig=${sig}`] : [])].join('; ') },
    redirect: 'manual',
  });

describe("the OAuth server's cookies", () => {
  it('take an interaction cookie signed with a current key, an older one included, and refuse it unsigned or forged', async () => {
    const { uid, cookies } = await startAuthorization();
    expect(cookies.get('_interaction.sig')).toBe(signature(newest, '_interaction', uid));
    expect((await interactionPage(uid, signature(older, '_interaction', uid))).status).toBe(200);
    expect((await interactionPage(uid, undefined)).status).toBe(400);
    expect((await interactionPage(uid, signature(randomBytes(32).toString('base64url'), '_interaction', uid))).status).toBe(400);
  });

  it('sign the OAuth session cookie with the newest key', async () => {
    const browser = new WebClient(app.url);
    const client = await registerClient(app, {
      client_name: 'Session cookie check',
      redirect_uris: ['http://127.0.0.1:7777/callback'],
      token_endpoint_auth_method: 'none',
    });
    const auth = await authorize(app, browser, {
      clientId: client.body.client_id,
      redirectUri: 'http://127.0.0.1:7777/callback',
      email: 'oauth-cookies@example.test',
    });
    expect(auth.callback.searchParams.get('code')).toBeTruthy();
    const session = browser.cookie('_session')!;
    expect(session).toBeTruthy();
    expect(browser.cookie('_session.sig')).toBe(signature(newest, '_session', session));
  });
});
