import type Router from '@koa/router';
import type { Middleware } from 'koa';
import compose from 'koa-compose';

/** A path's first segment, lower-cased as the routers match paths. */
const firstSegment = (path: string): string => (/^\/([^/]*)/.exec(path)?.[1] ?? '').toLowerCase();

/** A route's first segment; null when it is a parameter or a pattern, which any path may match. */
export function routeSegment(path: string | RegExp): string | null {
  if (typeof path !== 'string') return null;
  const segment = firstSegment(path);
  return /[:*(){}?+\\]/.test(segment) ? null : segment;
}

/**
 * The routers in their order, but a request goes only through those with a route under its
 * first path segment (and those with a route anywhere): a page no longer passes every router
 * in turn, each matching its routes against the path.
 */
export function routeBySegment(routers: readonly Router[]): Middleware {
  const segments = routers.map((router) => new Set(router.stack.map((layer) => routeSegment(layer.path))));
  const chain = (takes: (segmentsOfRouter: Set<string | null>) => boolean): Middleware =>
    compose(routers.filter((_, i) => segments[i].has(null) || takes(segments[i])).map((router) => router.routes() as Middleware));
  const known = new Set(segments.flatMap((s) => [...s].filter((segment): segment is string => segment !== null)));
  const bySegment = new Map([...known].map((segment) => [segment, chain((s) => s.has(segment))]));
  const elsewhere = chain(() => false);
  return (ctx, next) => (bySegment.get(firstSegment(ctx.path)) ?? elsewhere)(ctx, next) as Promise<void>;
}
