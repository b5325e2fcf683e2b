import type { Context, Middleware } from 'koa';
import { AppError } from '../../src/errors.js';
import { looksLikeApiKey } from '../../src/domain/credentials.js';
import { apiKeyOwner } from '../../src/accounts/api-keys.js';
import { grantHolder } from '../../src/accounts/connected-apps.js';
import type { AppDeps } from '../deps.js';
import { scopes, type Principal, type Scope } from '../operations/registry.js';
import { accessTokenVerifier } from './access-tokens.js';
import { resourcePathOf, resourceUrl, type ResourcePath } from './resources.js';

const blockedAccount = 'This account is blocked by the site team: its API keys and access tokens no longer work.';
const bearerPattern = /^Bearer[ ]+([\x21-\x7e]+)$/i;

/**
 * The one bearer check for REST and MCP. On their paths it sets ctx.state.resourcePath and, for a
 * valid API key or access token, ctx.state.principal. A bad credential is only noted here, so
 * that the rate limiter (which runs next) counts it against the client address; the request is
 * refused by `refuseInvalidCredential` right after.
 */
export function authenticate(deps: AppDeps): Middleware {
  const verify = accessTokenVerifier(deps);

  const principalFor = async (
    credential: string,
    audience: string,
    em: Parameters<typeof grantHolder>[0],
  ): Promise<Principal> => {
    if (looksLikeApiKey(credential)) {
      const user = await apiKeyOwner(em, credential);
      if (!user) throw invalid('This API key is not valid: it may have been revoked.');
      if (user.blocked) throw invalid(blockedAccount);
      const { admin } = user;
      return { userId: user.id, email: user.email, scopes: [...scopes], via: 'api_key', ...(admin ? { admin } : {}) };
    }
    let claims;
    try {
      claims = await verify(credential, audience);
    } catch {
      throw invalid(`The access token is not valid for ${audience}: it may have expired or be meant for another resource.`);
    }
    const accountId = Number(claims.sub);
    const user =
      Number.isSafeInteger(accountId) && typeof claims.grant_id === 'string'
        ? await grantHolder(em, { grantId: claims.grant_id, accountId, clientId: claims.client_id })
        : undefined;
    if (!user) throw invalid('This access token was revoked: the application was disconnected, or the account no longer exists.');
    if (user.blocked) throw invalid(blockedAccount);
    const granted = new Set((claims.scope ?? '').split(' '));
    return {
      userId: user.id,
      email: user.email,
      scopes: scopes.filter((s): s is Scope => granted.has(s)),
      via: 'oauth',
      clientId: claims.client_id,
    };
  };

  const check = async (ctx: Context, resource: ResourcePath, header: string): Promise<void> => {
    const credential = bearerPattern.exec(header)?.[1];
    try {
      if (!credential) throw invalid('Send credentials as "Authorization: Bearer <API key or access token>".');
      ctx.state.principal = await principalFor(credential, resourceUrl(deps.config, resource), ctx.state.em);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      ctx.state.credentialError = error;
    }
  };

  // Not an async function: a request without credentials (most reads) passes straight through.
  return (ctx, next) => {
    const resource = resourcePathOf(ctx.path);
    if (!resource) return next();
    ctx.state.resourcePath = resource;
    const header = ctx.get('authorization');
    return header ? check(ctx, resource, header).then(next) : next();
  };
}

export const refuseInvalidCredential: Middleware = (ctx, next) => {
  if (ctx.state.credentialError) throw ctx.state.credentialError;
  return next();
};

function invalid(message: string): AppError {
  return new AppError('unauthorized', message, [], { bearerError: 'invalid_token' });
}
