import Provider, {
  errors,
  interactionPolicy,
  type AsymmetricSigningAlgorithm,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { findUserById } from '../../src/accounts/users.js';
import { scopes } from '../operations/registry.js';
import type { AppDeps } from '../deps.js';
import { html } from '../../src/platform/html.js';
import { page } from '../web/shared/layout.js';
import { sendHtml } from '../web/shared/respond.js';
import { webUserOf } from '../web/shared/session.js';
import { oauthAdapter } from './oauth-adapter.js';
import { resourcePaths, resourceUrl } from './resources.js';

/** Where the OAuth server's endpoints live; its issuer is the site origin itself. */
export const oauthMountPath = '/oauth';

/**
 * The OAuth 2.1 authorization server (oidc-provider): authorization code with PKCE S256 only,
 * resource indicators for the MCP and REST audiences with JWT access tokens, rotating refresh
 * tokens without offline_access, open dynamic registration of public clients, and client ID
 * metadata documents fetched over https behind oidc-provider's SSRF guard.
 */
export function createProvider(deps: AppDeps): Provider {
  const { config } = deps;
  const resources = new Set(resourcePaths.map((p) => resourceUrl(config, p)));
  const alg = (deps.keys.jwks.keys[0]?.alg as AsymmetricSigningAlgorithm | undefined) ?? 'ES256';
  const day = 24 * 3600;

  const configuration: Configuration = {
    adapter: oauthAdapter(deps.orm),
    jwks: deps.keys.jwks,
    cookies: {
      // The site's cookie keys, newest first: mounted in the site's app, some of its cookies go through
      // the site's cookie jar and others through its own, so both must sign and check alike (without
      // keys its own went unsigned and it took unsigned ones).
      keys: [...deps.keys.cookieKeys],
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    scopes: [...scopes],
    claims: { openid: ['sub'] },
    async findAccount(_ctx, sub) {
      const id = Number(sub);
      const user = Number.isSafeInteger(id) ? await findUserById(deps.orm.em.fork(), id) : undefined;
      return user && { accountId: String(user.id), claims: async () => ({ sub: String(user.id) }) };
    },
    interactions: {
      url: (_ctx, interaction) => `${oauthMountPath}/interaction/${interaction.uid}`,
      policy: loginFollowsWebSession(deps),
    },
    pkce: { required: () => true },
    // Public clients only: PKCE protects them, and no client secret has to be stored.
    clientAuthMethods: ['none'],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: alg,
    },
    responseTypes: ['code'],
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true, initialAccessToken: false },
      revocation: { enabled: true },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: {
        enabled: true,
        // Without a resource the custom scopes would be dropped; the MCP server is the default audience.
        defaultResource: async (_ctx, _client, oneOf) => oneOf ?? resourceUrl(config, '/mcp'),
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource) => {
          if (!resources.has(resource)) throw new errors.InvalidTarget();
          return {
            scope: scopes.join(' '),
            audience: resource,
            accessTokenTTL: config.auth.accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg } },
          };
        },
      },
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        allowFetch: async (_ctx, clientId) => new URL(clientId).protocol === 'https:',
        allowClient: async () => true,
        cacheDuration: { min: 60, max: day },
      },
    },
    formats: {
      customizers: {
        // The API checks on every use that this grant still exists, so revoking it stops its access tokens at once.
        jwt: (_ctx, token, jwt) => {
          if ('grantId' in token && token.grantId) jwt.payload.grant_id = token.grantId;
        },
      },
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    expiresWithSession: async () => false,
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? config.auth.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      Interaction: 15 * 60,
      Session: config.auth.sessionTtlDays * day,
      Grant: config.auth.refreshTokenTtlDays * day,
      RefreshToken: config.auth.refreshTokenTtlDays * day,
      IdToken: 3600,
    },
    fetch: clientMetadataFetch(config.auth.clientMetadataTestOrigins),
    async renderError(ctx, out) {
      const body = html`<p>${String(out.error_description ?? out.error)}</p><p>Go back to the application and start again.</p>`;
      sendHtml(ctx, page('Sign-in could not continue', body, { siteName: config.site.name }));
    },
  };

  const provider = new Provider(config.publicUrl, configuration);
  provider.proxy = config.trustProxy;
  provider.on('server_error', (_ctx: KoaContextWithOIDC, error: Error) => deps.log.error({ err: error }, 'oauth server error'));
  return provider;
}

/**
 * The OAuth server keeps its own sign-in session. Ask for sign-in again whenever it names
 * someone other than the person signed in to the site (or nobody is), so that signing out of
 * the site, or in as someone else, is never bypassed by an older OAuth session.
 */
function loginFollowsWebSession(deps: AppDeps): interactionPolicy.Prompt[] {
  const policy = interactionPolicy.base();
  policy.get('login')!.checks.add(
    new interactionPolicy.Check('web_session_mismatch', 'the site session names another person', async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
      const user = await webUserOf(ctx, deps.readPool);
      return String(user?.id) === accountId ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT;
    }),
  );
  return policy;
}

type FetchHook = NonNullable<Configuration['fetch']>;

/**
 * Outgoing fetches (client ID metadata documents) keep oidc-provider's SSRF-guarding dispatcher,
 * which refuses loopback, private, link-local and metadata addresses after DNS; where it could not
 * be set up, nothing is fetched. Tests may name https hosts whose documents a loopback http
 * server serves instead.
 */
function clientMetadataFetch(testOrigins: Record<string, string>): FetchHook {
  return async (url, options) => {
    const target = new URL(url instanceof Request ? url.url : url);
    const local = testOrigins[target.host.toLowerCase()];
    if (!local) {
      if (!(options as { dispatcher?: unknown }).dispatcher) throw new Error('outgoing fetch refused: no SSRF guard available');
      return fetch(url, options);
    }
    const { dispatcher: _guard, ...rest } = options as RequestInit & { dispatcher?: unknown };
    return fetch(`${local}${target.pathname}${target.search}`, rest);
  };
}
