import Koa from 'koa';
import mount from 'koa-mount';
import type { AppDeps } from './deps.js';
import { requestContext } from './middleware/request-context.js';
import { problems } from './middleware/problem.js';
import { rateLimit } from './middleware/rate-limit.js';
import { securityHeaders, servedOverHttps } from './middleware/security-headers.js';
import { deriveClientAddress } from './middleware/client-address.js';
import { allowedMethods } from './middleware/allowed-methods.js';
import { routeBySegment } from './middleware/route-by-segment.js';
import { healthRouter } from './health.js';
import type { Shutdown } from './drain.js';
import { docsRouter } from './web/developers/api-docs.js';
import { badgesRouter } from './web/catalogue/badges.js';
import { goRouter } from './web/catalogue/go.js';
import { restRoutes } from './rest.js';
import { mcpEndpoint } from './mcp.js';
import { operations } from './operations/index.js';
import type { Operation } from './operations/registry.js';
import { authenticate, refuseInvalidCredential } from './auth/bearer.js';
import { createProvider, oauthMountPath } from './auth/provider.js';
import { interactionRouter } from './auth/interactions.js';
import { protectedResourceRouter, serverMetadataAtRoot } from './auth/well-known.js';
import { signInRouter } from './web/accounts/sign-in.js';
import { accountRouter } from './web/accounts/account.js';
import { devMailRouter } from './web/accounts/dev-mail.js';
import { cataloguePagesRouter } from './web/catalogue/catalogue-pages.js';
import { updatesRouter } from './web/catalogue/updates-pages.js';
import { adminRouter } from './web/admin/admin.js';
import { checkoutRouter } from './web/payments/checkout.js';
import { stripeWebhookRouter } from './web/payments/stripe-webhook.js';
import { claimConfirmRouter } from './web/claims/confirm-link.js';
import { communityRouter } from './web/community/community.js';
import { ownerRouter } from './web/owner/routes.js';
import { casePagesRouter } from './web/moderation/case-pages.js';
import { reportRouter } from './web/moderation/report-pages.js';
import { transparencyRouter } from './web/moderation/transparency-page.js';
import { moderationAdminRouter } from './web/moderation/admin-pages.js';

const limited = /^\/(api\/|mcp(\/|$)|oauth\/)/;

/**
 * Builds the Koa app. Order matters: request context (id, logger, EntityManager), then errors as
 * problem+json, then bearer authentication (API and MCP), then rate limits (API, MCP and OAuth;
 * per valid credential, else per address), then refusal of invalid credentials, then MCP at /mcp,
 * then the routes, and last the OAuth server under /oauth.
 */
export function buildApp(
  deps: AppDeps,
  extraOperations: readonly Operation[] = [],
  shutdown: Shutdown = { draining: false },
): Koa {
  const { trustProxy, trustedProxyHops } = deps.config;
  const app = new Koa({ proxy: trustProxy, maxIpsCount: trustedProxyHops });
  app.silent = true;
  app.keys = [...deps.keys.cookieKeys];
  if (deps.config.publicHttps) servedOverHttps(app);
  deriveClientAddress(app, trustedProxyHops, deps.log);
  const limiter = rateLimit(deps);
  const allOperations = [...operations, ...extraOperations];
  const provider = createProvider(deps);

  app.use(requestContext(deps));
  app.use(securityHeaders(/^\/(api|mcp)(\/|$)/, deps.config.publicHttps));
  app.use(problems(deps));
  app.use(serverMetadataAtRoot);
  app.use(authenticate(deps));
  app.use((ctx, next) => (limited.test(ctx.path) ? (limiter(ctx, next) as Promise<void>) : (next() as Promise<void>)));
  app.use(refuseInvalidCredential);
  app.use(mcpEndpoint(deps, allOperations));

  const rest = restRoutes(deps, allOperations);
  const routers = [
    healthRouter(deps, shutdown),
    docsRouter(deps.config),
    badgesRouter(deps),
    goRouter(deps),
    protectedResourceRouter(deps),
    interactionRouter(deps, provider),
    signInRouter(deps),
    accountRouter(deps),
    communityRouter(deps),
    ownerRouter(deps),
    cataloguePagesRouter(deps),
    updatesRouter(deps),
    adminRouter(deps),
    moderationAdminRouter(deps),
    reportRouter(deps),
    casePagesRouter(deps),
    transparencyRouter(deps),
    checkoutRouter(deps),
    stripeWebhookRouter(deps),
    claimConfirmRouter(deps),
    ...(deps.config.devPages ? [devMailRouter(deps)] : []),
  ];
  app.use(allowedMethods([rest.router, ...routers]));
  // The REST routes first: the busiest, and no other router shares their paths. Each request is
  // tested against the routes of its segment after the base (4 for a profile read), not all of them.
  app.use(rest.routes());
  app.use(routeBySegment(routers));
  app.use(mount(oauthMountPath, provider));
  return app;
}
