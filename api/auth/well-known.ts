import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { AppDeps } from '../deps.js';
import { scopes } from '../operations/registry.js';
import { oauthMountPath } from './provider.js';
import { resourcePaths, resourceUrl } from './resources.js';

const serverMetadata = new Set(['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']);

/**
 * The issuer is the site origin, so RFC 8414 metadata belongs at the root; the OAuth server is
 * mounted under /oauth and answers it there (its endpoint URLs then carry the /oauth prefix).
 */
export const serverMetadataAtRoot: Middleware = (ctx, next) => {
  if (serverMetadata.has(ctx.path)) ctx.path = `${oauthMountPath}${ctx.path}`;
  return next();
};

/** RFC 9728 protected resource metadata for the MCP server and the REST API. */
export function protectedResourceRouter(deps: AppDeps): Router {
  const router = new Router();
  const { config } = deps;
  for (const path of resourcePaths) {
    router.get(`/.well-known/oauth-protected-resource${path}`, (ctx) => {
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = {
        resource: resourceUrl(config, path),
        resource_name: `${config.site.name} ${path === '/mcp' ? 'MCP server' : 'REST API'}`,
        authorization_servers: [config.publicUrl],
        scopes_supported: [...scopes],
        bearer_methods_supported: ['header'],
        resource_documentation: `${config.publicUrl}/docs`,
      };
    });
  }
  return router;
}
