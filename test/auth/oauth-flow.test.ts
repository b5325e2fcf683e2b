import { createServer, type Server } from 'node:http';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { freePort } from '../support/ports.js';
import { WebClient } from '../support/web-client.js';
import { authorize, exchangeCode, pkcePair, registerClient, tokenRequest } from '../support/oauth.js';

/** A client ID metadata document host on loopback, reached as https://cimd.test/... through test config. */
async function serveClientDocument(port: number, document: object): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url !== '/client.json') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' }).end(JSON.stringify(document));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

describe('OAuth authorization server', () => {
  let app: TestApp;
  let cimdHost: Server;
  let mcp: string;
  let rest: string;
  const cimdId = 'https://cimd.test/client.json';
  const cimdRedirect = 'http://127.0.0.1:5555/callback';
  const redirectUri = 'http://127.0.0.1:7777/callback';

  beforeAll(async () => {
    const cimdPort = await freePort();
    cimdHost = await serveClientDocument(cimdPort, {
      client_id: cimdId,
      client_name: 'Document Client',
      redirect_uris: [cimdRedirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
    });
    app = await startTestApp({
      worker: false,
      env: { OAUTH_CLIENT_METADATA_TEST_ORIGINS: `cimd.test=http://127.0.0.1:${cimdPort}` },
    });
    mcp = `${app.url}/mcp`;
    rest = `${app.url}/api/v1`;
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => cimdHost.close(resolve));
  });

  it('publishes authorization server metadata at the root and protected resource metadata per resource', async () => {
    const meta = await request(`${app.url}/.well-known/oauth-authorization-server`);
    expect(meta.status).toBe(200);
    expect(meta.body).toMatchObject({
      issuer: app.url,
      authorization_endpoint: `${app.url}/oauth/auth`,
      token_endpoint: `${app.url}/oauth/token`,
      registration_endpoint: `${app.url}/oauth/reg`,
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
      response_types_supported: ['code'],
      token_endpoint_auth_methods_supported: ['none'],
    });
    expect(meta.body.scopes_supported).toEqual(expect.arrayContaining(['account:read', 'listings:write', 'orders:write']));
    expect(meta.body.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    for (const [path, resource] of [
      ['/mcp', mcp],
      ['/api/v1', rest],
    ]) {
      const prm = await request(`${app.url}/.well-known/oauth-protected-resource${path}`);
      expect(prm.status).toBe(200);
      expect(prm.body).toMatchObject({
        resource,
        authorization_servers: [app.url],
        scopes_supported: ['account:read', 'listings:write', 'orders:write'],
        bearer_methods_supported: ['header'],
      });
    }
    const openapi = await request(`${rest}/openapi.json`);
    expect(openapi.body.components.securitySchemes.oauth2.flows.authorizationCode).toMatchObject({
      authorizationUrl: meta.body.authorization_endpoint,
      tokenUrl: meta.body.token_endpoint,
    });
  });

  it('runs the whole flow: registration, PKCE, email sign-in, Allow access, token, GET /me, refresh, audience checks', async () => {
    const registered = await registerClient(app, {
      client_name: 'Flow Agent',
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
    });
    expect(registered.status).toBe(201);
    expect(registered.body.client_secret).toBeUndefined();
    const clientId: string = registered.body.client_id;

    const browser = new WebClient(app.url);
    const auth = await authorize(app, browser, {
      clientId,
      redirectUri,
      scope: 'account:read listings:write',
      resource: [rest, mcp],
      email: 'flow@example.com',
    });
    expect(auth.steps).toEqual(['sign-in', 'continue', 'allow']);
    expect(auth.consentHtml).toContain('Flow Agent');
    expect(auth.consentHtml).toContain('<code>account:read</code>');
    expect(auth.consentHtml).toContain('<code>listings:write</code>');
    expect(auth.consentHtml).not.toContain('<code>orders:write</code>');
    expect(auth.callback.origin + auth.callback.pathname).toBe(redirectUri);
    expect(auth.callback.searchParams.get('iss')).toBe(app.url);
    expect(auth.callback.searchParams.get('state')).toBe(auth.state);

    const token = await exchangeCode(app, auth, clientId, redirectUri, { resource: rest });
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ token_type: 'Bearer', scope: 'account:read listings:write', expires_in: 900 });
    expect(token.body.refresh_token).toEqual(expect.any(String));
    expect(decodeProtectedHeader(token.body.access_token).typ).toBe('at+jwt');
    expect(decodeJwt(token.body.access_token)).toMatchObject({ iss: app.url, aud: rest, client_id: clientId });

    const me = await request(`${rest}/me`, { headers: { authorization: `Bearer ${token.body.access_token}` } });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      user: {
        id: expect.any(Number),
        email: 'flow@example.com',
        name: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      },
      auth: { via: 'oauth', client_id: clientId, scopes: ['account:read', 'listings:write'] },
    });

    // The REST token is refused by the MCP resource.
    const atMcp = await request(mcp, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.body.access_token}` },
      json: {},
    });
    expect(atMcp.status).toBe(401);
    expect(atMcp.headers.get('www-authenticate')).toBe(
      `Bearer error="invalid_token", resource_metadata="${app.url}/.well-known/oauth-protected-resource/mcp"`,
    );

    // Refresh: rotated, and may switch to the other granted audience.
    const refreshed = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: token.body.refresh_token,
      client_id: clientId,
      resource: mcp,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(token.body.refresh_token);
    expect(decodeJwt(refreshed.body.access_token).aud).toBe(mcp);

    // A token for the MCP audience is refused by the REST API.
    const mcpTokenAtRest = await request(`${rest}/me`, { headers: { authorization: `Bearer ${refreshed.body.access_token}` } });
    expect(mcpTokenAtRest.status).toBe(401);
    expect(mcpTokenAtRest.headers.get('content-type')).toContain('application/problem+json');
    expect(mcpTokenAtRest.body.code).toBe('unauthorized');
    expect(mcpTokenAtRest.headers.get('www-authenticate')).toBe(
      `Bearer error="invalid_token", resource_metadata="${app.url}/.well-known/oauth-protected-resource/api/v1"`,
    );

    // Refreshing back to the REST audience works with the rotated token.
    const again = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: refreshed.body.refresh_token,
      client_id: clientId,
      resource: rest,
    });
    expect(again.status).toBe(200);
    expect((await request(`${rest}/me`, { headers: { authorization: `Bearer ${again.body.access_token}` } })).status).toBe(200);

    // Reusing a rotated-out refresh token fails and revokes the grant.
    const reuse = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: token.body.refresh_token,
      client_id: clientId,
      resource: rest,
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    const afterRevoke = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: again.body.refresh_token,
      client_id: clientId,
      resource: rest,
    });
    expect(afterRevoke.body.error).toBe('invalid_grant');

    // Second authorization in the same browser: signed in already, so only Allow access (grant was revoked).
    const second = await authorize(app, browser, {
      clientId,
      redirectUri,
      scope: 'account:read',
      resource: [rest],
      email: 'flow@example.com',
    });
    expect(second.steps).toEqual(['allow']);

    // Exactly one of several concurrent exchanges of one code succeeds.
    const exchange = () => exchangeCode(app, second, clientId, redirectUri);
    const results = await Promise.all([exchange(), exchange(), exchange()]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(decodeJwt(results.find((r) => r.status === 200)!.body.access_token).aud).toBe(rest);
  });

  it('accepts a client ID metadata document client served on loopback and warns on the consent page', async () => {
    const browser = new WebClient(app.url);
    const auth = await authorize(app, browser, {
      clientId: cimdId,
      redirectUri: cimdRedirect,
      scope: 'orders:write',
      resource: [mcp],
      email: 'cimd@example.com',
    });
    expect(auth.consentHtml).toContain('Document Client');
    expect(auth.consentHtml).toContain('client ID metadata document at <code>https://cimd.test/client.json</code>');
    const token = await exchangeCode(app, auth, cimdId, cimdRedirect);
    expect(token.status).toBe(200);
    expect(decodeJwt(token.body.access_token)).toMatchObject({ aud: mcp, client_id: cimdId, scope: 'orders:write' });
  });

  it('refuses client IDs it must not fetch: plain http, and https hosts not configured for tests', async () => {
    const { challenge } = pkcePair();
    for (const clientId of [`${app.url}/client.json`, 'https://127.0.0.1:1/client.json']) {
      const query = new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        redirect_uri: cimdRedirect,
        scope: 'account:read',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      const res = await new WebClient(app.url).get(`/oauth/auth?${query.toString()}`);
      expect(res.status).toBe(400);
      expect(res.location).toBeUndefined();
    }
  });

  it('lets native clients use any loopback port and requires PKCE with S256', async () => {
    const registered = await registerClient(app, {
      client_name: 'Native',
      redirect_uris: ['http://127.0.0.1:7000/cb'],
      application_type: 'native',
    });
    const clientId = registered.body.client_id;
    const browser = new WebClient(app.url);
    const anyPort = await authorize(app, browser, {
      clientId,
      redirectUri: 'http://127.0.0.1:65000/cb',
      scope: 'account:read',
      resource: [rest],
      email: 'native@example.com',
    });
    expect(anyPort.callback.searchParams.get('code')).toEqual(expect.any(String));

    const base = {
      client_id: clientId,
      response_type: 'code',
      redirect_uri: 'http://127.0.0.1:7000/cb',
      scope: 'account:read',
      resource: rest,
    };
    const noPkce = await browser.get(`/oauth/auth?${new URLSearchParams(base).toString()}`);
    expect(new URL(noPkce.location!).searchParams.get('error')).toBe('invalid_request');
    const plain = await browser.get(
      `/oauth/auth?${new URLSearchParams({ ...base, code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }).toString()}`,
    );
    expect(new URL(plain.location!).searchParams.get('error')).toBe('invalid_request');
    const otherResource = await browser.get(
      `/oauth/auth?${new URLSearchParams({ ...base, resource: 'https://elsewhere.test/', code_challenge: 'a'.repeat(43), code_challenge_method: 'S256' }).toString()}`,
    );
    expect(new URL(otherResource.location!).searchParams.get('error')).toBe('invalid_target');
  });

  it('sends access_denied to the client when the person presses Deny', async () => {
    const registered = await registerClient(app, { client_name: 'Denied', redirect_uris: [redirectUri] });
    const auth = await authorize(app, new WebClient(app.url), {
      clientId: registered.body.client_id,
      redirectUri,
      resource: [rest],
      email: 'deny@example.com',
      deny: true,
    });
    expect(auth.callback.searchParams.get('error')).toBe('access_denied');
    expect(auth.callback.searchParams.get('code')).toBeNull();
  });

  it('follows the site session: after signing in as someone else, tokens are for the new person', async () => {
    const registered = await registerClient(app, { client_name: 'Shared Laptop', redirect_uris: [redirectUri] });
    const clientId = registered.body.client_id;
    const browser = new WebClient(app.url);
    const first = await authorize(app, browser, { clientId, redirectUri, resource: [rest], email: 'first@example.com' });
    expect(first.steps).toEqual(['sign-in', 'continue', 'allow']);

    await browser.signIn(app, 'second@example.com');
    const second = await authorize(app, browser, { clientId, redirectUri, resource: [rest], email: 'second@example.com' });
    expect(second.steps).toEqual(['continue', 'continue', 'allow']);
    const token = await exchangeCode(app, second, clientId, redirectUri);
    const me = await request(`${rest}/me`, { headers: { authorization: `Bearer ${token.body.access_token}` } });
    expect(me.body.user.email).toBe('second@example.com');
  });
});
