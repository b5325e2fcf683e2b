import Koa from 'koa';
import type { AppDeps } from './deps.js';
import { requestContext } from './middleware/request-context.js';
import { problems } from './middleware/problem.js';
import { rateLimit } from './middleware/rate-limit.js';
import { healthRouter } from './health.js';
import { docsRouter } from './web/docs.js';
import { badgesRouter } from './web/badges.js';
import { restRouter } from './rest.js';
import { operations } from './operations/index.js';
import type { Operation } from './operations/registry.js';

const limited = /^\/(api\/|mcp(\/|$))/;

/**
 * Builds the Koa app. Order matters: request context (id, logger, EntityManager), then errors as
 * problem+json, then rate limits (API and MCP only), then the routes.
 */
export function buildApp(deps: AppDeps, extraOperations: readonly Operation[] = []): Koa {
  const app = new Koa({ proxy: deps.config.trustProxy });
  app.silent = true;
  const limiter = rateLimit(deps);
  const allOperations = [...operations, ...extraOperations];

  app.use(requestContext(deps));
  app.use(problems(deps));
  app.use((ctx, next) => (limited.test(ctx.path) ? limiter(ctx, next) : next()));

  for (const router of [healthRouter(deps), docsRouter(deps.config), badgesRouter(deps), restRouter(deps, allOperations)]) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: true }));
  }
  return app;
}
