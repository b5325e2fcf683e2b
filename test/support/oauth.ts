import { createHash, randomBytes } from 'node:crypto';
import type { TestApp } from './app.js';
import { request } from './http.js';
import type { Page, WebClient } from './web-client.js';

export interface AuthorizeOptions {
  clientId: string;
  redirectUri: string;
  scope?: string;
  resource?: string[];
  /** Who signs in when the server asks (by email link). */
  email: string;
  /** Press Deny instead of Allow access. */
  deny?: boolean;
  extra?: Record<string, string>;
}

export interface AuthorizeResult {
  callback: URL;
  verifier: string;
  state: string;
  /** The pages passed through, by what was pressed: sign-in, continue, allow, deny. */
  steps: string[];
  consentHtml?: string;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Runs the authorization endpoint like a person in a browser would, up to the client's callback. */
export async function authorize(app: TestApp, browser: WebClient, o: AuthorizeOptions): Promise<AuthorizeResult> {
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(8).toString('base64url');
  const query = new URLSearchParams({
    client_id: o.clientId,
    response_type: 'code',
    redirect_uri: o.redirectUri,
    scope: o.scope ?? 'account:read listings:write orders:write',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    ...o.extra,
  });
  for (const r of o.resource ?? []) query.append('resource', r);
  const steps: string[] = [];
  let consentHtml: string | undefined;
  let page: Page = await browser.get(`${app.url}/oauth/auth?${query.toString()}`);
  for (let i = 0; i < 25; i++) {
    if (page.location) {
      const next = new URL(page.location, page.url);
      if (next.origin !== app.url) return { callback: next, verifier, state, steps, consentHtml };
      page = await browser.get(next.href);
      continue;
    }
    if (page.status !== 200) throw new Error(`authorization stopped at ${page.url} with ${page.status}: ${page.html}`);
    if (page.html.includes('action="/sign-in"')) {
      steps.push('sign-in');
      page = await browser.signIn(app, o.email, page);
    } else if (/action="[^"]+\/login"/.test(page.html)) {
      steps.push('continue');
      page = await browser.submit(page, /\/login$/);
    } else if (/action="[^"]+\/confirm"/.test(page.html)) {
      steps.push(o.deny ? 'deny' : 'allow');
      consentHtml = page.html;
      page = await browser.submit(page, o.deny ? /\/abort$/ : /\/confirm$/);
    } else {
      throw new Error(`unexpected page ${page.url}:\n${page.html}`);
    }
  }
  throw new Error('too many steps');
}

export async function tokenRequest(app: TestApp, params: Record<string, string>) {
  return request(`${app.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
}

/** Exchanges the code of an authorization result at the token endpoint. */
export function exchangeCode(
  app: TestApp,
  auth: AuthorizeResult,
  clientId: string,
  redirectUri: string,
  extra: Record<string, string> = {},
) {
  return tokenRequest(app, {
    grant_type: 'authorization_code',
    code: auth.callback.searchParams.get('code')!,
    redirect_uri: redirectUri,
    code_verifier: auth.verifier,
    client_id: clientId,
    ...extra,
  });
}

export async function registerClient(app: TestApp, metadata: Record<string, unknown>) {
  return request(`${app.url}/oauth/reg`, { method: 'POST', json: metadata });
}

/** A signed-in browser's access token for `resource` with exactly `scope`, via registration + code flow. */
export async function accessTokenFor(
  app: TestApp,
  browser: WebClient,
  email: string,
  scope: string,
  resource: string,
): Promise<string> {
  const redirectUri = 'http://127.0.0.1:7777/callback';
  const client = await registerClient(app, {
    client_name: `Scope ${scope}`,
    redirect_uris: [redirectUri],
    token_endpoint_auth_method: 'none',
  });
  const auth = await authorize(app, browser, {
    clientId: client.body.client_id,
    redirectUri,
    scope,
    resource: [resource],
    email,
  });
  const token = await exchangeCode(app, auth, client.body.client_id, redirectUri);
  if (token.status !== 200) throw new Error(`token endpoint answered ${token.status}: ${token.text}`);
  return token.body.access_token;
}
