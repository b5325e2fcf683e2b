import { createServer, type Server } from 'node:http';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { freePort } from '../support/ports.js';
import { formsOf, WebClient } from '../support/web-client.js';
import { authorize, exchangeCode, registerClient, tokenRequest } from '../support/oauth.js';

const trustedId = 'https://cimd.test/trusted.json';
const untrustedId = 'https://cimd.test/lookalike.json';
const documentRedirect = 'http://127.0.0.1:5555/callback';

/** Client ID metadata documents on loopback, reached as https://cimd.test/... through test config. */
async function serveClientDocuments(port: number): Promise<Server> {
  const documents: Record<string, object> = {
    '/trusted.json': { client_id: trustedId, client_name: 'Claude' },
    '/lookalike.json': { client_id: untrustedId, client_name: 'Claude' },
  };
  const server = createServer((req, res) => {
    const document = documents[req.url ?? ''];
    if (!document) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        ...document,
        redirect_uris: [documentRedirect],
        token_endpoint_auth_method: 'none',
        application_type: 'native',
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

/** The part of the consent page that says who the application is. */
function identityOf(consentHtml: string): string {
  return /<dl[^>]*id="client-identity"[^>]*>([\s\S]*?)<\/dl>/.exec(consentHtml)?.[1] ?? '';
}

function redirectHostOf(consentHtml: string): string | undefined {
  return /<strong id="redirect-host">([^<]*)<\/strong>/.exec(consentHtml)?.[1];
}

let app: TestApp;
let documents: Server;
let rest: string;
let mcp: string;

beforeAll(async () => {
  const port = await freePort();
  documents = await serveClientDocuments(port);
  app = await startTestApp({
    worker: false,
    env: {
      SITE_NAME: 'Our Directory',
      OAUTH_CLIENT_METADATA_TEST_ORIGINS: `cimd.test=http://127.0.0.1:${port}`,
      OAUTH_TRUSTED_CLIENTS: `${trustedId}, some-registered-client-id`,
    },
  });
  rest = `${app.url}/api/v1`;
  mcp = `${app.url}/mcp`;
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => documents?.close(resolve));
});

describe('consent page', () => {
  it.each(['Claude', 'Our Directory Official'])(
    'labels a registered client named "%s" unverified and names where the code goes',
    async (name) => {
      const redirectUri = 'https://claude.ai.callback.attacker.example/oauth/done';
      const registered = await registerClient(app, { client_name: name, redirect_uris: [redirectUri] });
      expect(registered.status).toBe(201);
      const auth = await authorize(app, new WebClient(app.url), {
        clientId: registered.body.client_id,
        redirectUri,
        scope: 'account:read',
        resource: [rest],
        email: 'spoofed@example.com',
      });
      const consent = auth.consentHtml!;
      expect(redirectHostOf(consent)).toBe('claude.ai.callback.attacker.example');
      const identity = identityOf(consent);
      expect(identity).toContain(`<bdi>${name}</bdi> <strong class="tag warn">unverified</strong>`);
      expect(identity).toContain('dynamic registration');
      expect(identity).not.toMatch(/>verified</);
      // The name never appears outside the labelled identity block.
      expect(consent.split(name).length - 1).toBe(identity.split(name).length - 1);
    },
  );

  it('shows the redirect host the browser will really go to, not the user part of the address', async () => {
    const redirectUri = 'https://claude.ai@attacker.example/cb';
    const registered = await registerClient(app, { client_name: 'Claude', redirect_uris: [redirectUri] });
    expect(registered.status).toBe(201);
    const auth = await authorize(app, new WebClient(app.url), {
      clientId: registered.body.client_id,
      redirectUri,
      scope: 'account:read',
      resource: [rest],
      email: 'userinfo@example.com',
    });
    expect(redirectHostOf(auth.consentHtml!)).toBe('attacker.example');
    expect(auth.callback.host).toBe('attacker.example');
  });

  it('labels a client ID metadata document client unverified unless the operator trusts it', async () => {
    const browser = new WebClient(app.url);
    const lookalike = await authorize(app, browser, {
      clientId: untrustedId,
      redirectUri: documentRedirect,
      scope: 'account:read',
      resource: [mcp],
      email: 'documents@example.com',
    });
    const untrusted = identityOf(lookalike.consentHtml!);
    expect(untrusted).toContain('<bdi>Claude</bdi> <strong class="tag warn">unverified</strong>');
    expect(untrusted).toContain(`client ID metadata document at <code>${untrustedId}</code>`);
    expect(untrusted).not.toMatch(/>verified</);
    expect(redirectHostOf(lookalike.consentHtml!)).toBe('127.0.0.1:5555');

    const trusted = await authorize(app, browser, {
      clientId: trustedId,
      redirectUri: documentRedirect,
      scope: 'account:read',
      resource: [mcp],
      email: 'documents@example.com',
    });
    const identity = identityOf(trusted.consentHtml!);
    expect(identity).toContain('<bdi>Claude</bdi> <strong class="tag">verified</strong>');
    expect(identity).toContain(`client ID metadata document at <code>${trustedId}</code>`);
    expect(identity).not.toContain('unverified');
    expect(redirectHostOf(trusted.consentHtml!)).toBe('127.0.0.1:5555');
  });
});

describe('connected apps on /account', () => {
  const redirectUri = 'http://127.0.0.1:7777/callback';

  /** A person connects a registered client to both resources; returns the tokens for each. */
  async function connect(browser: WebClient, email: string, name: string) {
    const registered = await registerClient(app, { client_name: name, redirect_uris: [redirectUri], application_type: 'native' });
    const clientId: string = registered.body.client_id;
    const auth = await authorize(app, browser, {
      clientId,
      redirectUri,
      scope: 'account:read listings:write',
      resource: [rest, mcp],
      email,
    });
    const restToken = await exchangeCode(app, auth, clientId, redirectUri, { resource: rest });
    expect(restToken.status).toBe(200);
    const mcpToken = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: restToken.body.refresh_token,
      client_id: clientId,
      resource: mcp,
    });
    expect(mcpToken.status).toBe(200);
    return { clientId, rest: restToken.body.access_token, mcp: mcpToken.body.access_token, refresh: mcpToken.body.refresh_token };
  }

  const me = (token: string) => request(`${rest}/me`, { headers: { authorization: `Bearer ${token}` } });
  const mcpInitialize = (token: string) =>
    request(mcp, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream' },
      json: {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
      },
    });
  const revokeFormOf = (html: string, clientId: string) =>
    formsOf(html).find((f) => /^\/account\/connected-apps\/[^/]+\/revoke$/.test(f.action) && html.includes(clientId));

  it('lists the grant with its scopes, and revoking it ends the refresh token and both access tokens at once', async () => {
    const browser = new WebClient(app.url);
    const tokens = await connect(browser, 'revoker@example.com', 'Claude');
    expect((await me(tokens.rest)).status).toBe(200);
    expect((await mcpInitialize(tokens.mcp)).status).toBe(200);

    const account = await browser.get('/account');
    const row = new RegExp(`<tr data-client-id="${tokens.clientId}">([\\s\\S]*?)</tr>`).exec(account.html)?.[1] ?? '';
    expect(row).toContain('<bdi>Claude</bdi> <strong class="tag warn">unverified</strong>');
    expect(row).toContain('<code>account:read</code>');
    expect(row).toContain('<code>listings:write</code>');
    // Allowed and last used (the tokens were just used): two times.
    expect(row.match(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/g)).toHaveLength(2);

    const revoke = revokeFormOf(account.html, tokens.clientId)!;
    const revoked = await browser.post(revoke.action, revoke.fields);
    expect(revoked.status).toBe(303);
    expect(revoked.location).toBe('/account');

    const refreshed = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh,
      client_id: tokens.clientId,
      resource: rest,
    });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_grant');
    const restAfter = await me(tokens.rest);
    expect(restAfter.status).toBe(401);
    expect(restAfter.body.code).toBe('unauthorized');
    expect((await mcpInitialize(tokens.mcp)).status).toBe(401);
    expect((await browser.get('/account')).html).not.toContain(tokens.clientId);

    // The application has to ask again, and a new grant works.
    const again = await authorize(app, browser, {
      clientId: tokens.clientId,
      redirectUri,
      scope: 'account:read',
      resource: [rest],
      email: 'revoker@example.com',
    });
    expect(again.steps).toEqual(['allow']);
    const token = await exchangeCode(app, again, tokens.clientId, redirectUri);
    expect((await me(token.body.access_token)).status).toBe(200);
  });

  it('refuses a revoke form without its CSRF token, and the grant keeps working', async () => {
    const browser = new WebClient(app.url);
    const tokens = await connect(browser, 'csrf-victim@example.com', 'Kept App');
    const revoke = revokeFormOf((await browser.get('/account')).html, tokens.clientId)!;
    expect((await browser.post(revoke.action, {})).status).toBe(403);
    expect((await browser.post(revoke.action, { csrf: 'forged' })).status).toBe(403);
    expect((await me(tokens.rest)).status).toBe(200);
  });

  it("answers 404 to another person revoking someone's grant, and the grant keeps working", async () => {
    const owner = new WebClient(app.url);
    const tokens = await connect(owner, 'grant-owner@example.com', 'Owned App');
    const revoke = revokeFormOf((await owner.get('/account')).html, tokens.clientId)!;
    const intruder = new WebClient(app.url);
    const page = await intruder.signIn(app, 'grant-intruder@example.com');
    const res = await intruder.post(revoke.action, { csrf: formsOf(page.html)[0].fields.csrf });
    expect(res.status).toBe(404);
    expect((await me(tokens.rest)).status).toBe(200);
    const refreshed = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh,
      client_id: tokens.clientId,
      resource: rest,
    });
    expect(refreshed.status).toBe(200);
  });
});
