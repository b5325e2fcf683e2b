import type { Layer, default as Router } from '@koa/router';
import type { Middleware } from 'koa';
import { AppError } from '../../src/errors.js';

/**
 * What the routers answer when a path exists but the method does not: 405 with `Allow` (every
 * method any router takes on it) as problem+json, for any method at all (TRACE, PROPFIND...);
 * OPTIONS answers 204 with `Allow`. A path no router knows stays 404. One layer around all the
 * routers, so it runs once they have all passed, and costs a request one await, not one a router.
 */
export function allowedMethods(routers: readonly Router[]): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status !== 404 || ctx.body !== undefined) return;
    const allow = [...new Set(routers.flatMap((router) => routesOf(router, ctx.path).flatMap((layer) => layer.methods)))].sort();
    if (allow.length === 0 || allow.includes(ctx.method)) return;
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204;
      ctx.set('Allow', [...allow, 'OPTIONS'].join(', '));
      return;
    }
    throw new AppError('method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}; allowed: ${allow.join(', ')}.`, [], {
      allow,
    });
  };
}

/**
 * The routes of a path: one written out in full (/orders/quote) hides those that would take its
 * last segments as parameters (/orders/{number}), so `quote` is never read as an order number
 * (the REST router skips such a route for those paths).
 */
function routesOf(router: Router, path: string): Layer[] {
  const layers = router.match(path, '').path.filter((layer) => layer.methods.length > 0);
  const literal = layers.filter((layer) => layer.paramNames.length === 0);
  return literal.length ? literal : layers;
}
