import Router, { type RouterContext, type RouterMiddleware } from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { koaBody } from 'koa-body';
import { AppError } from '../src/errors.js';
import type { AppDeps } from './deps.js';
import { execute } from './execute.js';
import { operationContext } from './operation-context.js';
import { adminScope, visibleTo, type Operation } from './operations/registry.js';
import { openApiDocument } from './openapi.js';

/** Mounts every operation of the registry under the REST base, plus the OpenAPI document. */
export function restRoutes(deps: AppDeps, operations: readonly Operation[]): RestRoutes {
  const routes = new RestRoutes(deps.config.apiBasePath);
  const parseJson = koaBody({
    json: true,
    jsonStrict: true,
    jsonLimit: deps.config.bodyLimitBytes,
    urlencoded: false,
    text: false,
    multipart: false,
  });
  const document = openApiDocument(
    deps.config,
    operations.filter((op) => visibleTo(op, null)),
  );
  const adminDocument = openApiDocument(deps.config, operations);

  // The site team's view includes the admin operations; it is theirs alone.
  routes.register('/openapi.json', 'GET', [
    (ctx) => {
      const admin = visibleTo({ scope: adminScope }, ctx.state.principal);
      ctx.vary('Authorization');
      ctx.set('Cache-Control', admin ? 'private, no-store' : 'public, max-age=300');
      ctx.body = admin ? adminDocument : document;
    },
  ]);

  for (const op of operations) {
    // A body is checked where the operation takes one, and parsed on methods that carry one.
    const checkBody: Middleware = async (ctx, next) => {
      if (hasBody(ctx.get('content-length'), ctx.get('transfer-encoding')) && !ctx.is('application/json', '+json')) {
        throw new AppError('unsupported_media_type', 'Send the request body as application/json.');
      }
      await next();
    };
    const readBody = [...(op.input.body ? [checkBody] : []), ...(op.method === 'GET' ? [] : [parseJson])];
    // GET /orders/quote is not get_order of an order numbered "quote": it is refused with 405.
    const hiddenBy = new Set(literalPathsMatching(op.path, operations).map((path) => deps.config.apiBasePath + path));
    const notHidden: Middleware = (ctx, next) => (hiddenBy.has(ctx.path) ? undefined : next());
    routes.register(toKoaPath(op.path), op.method, [
      ...(hiddenBy.size ? [notHidden] : []),
      ...readBody,
      async (ctx) => {
        ctx.state.resourcePath = deps.config.apiBasePath;
        const raw = { path: ctx.params, query: ctx.query, body: op.input.body ? ctx.request.body : undefined };
        // An empty Idempotency-Key is a key that breaks its rule (1-255 characters), not an absent one.
        const key = ctx.headers['idempotency-key'] === undefined ? undefined : ctx.get('idempotency-key');
        const result = await execute(op, raw, operationContext(ctx, deps), key);
        ctx.status = result.status;
        if (result.json === undefined) ctx.body = result.body;
        else {
          // On the Node response: Koa's `ctx.type` looks the type up in its MIME table on every request.
          ctx.res.setHeader('Content-Type', 'application/json; charset=utf-8');
          ctx.body = result.json;
        }
        if (result.replayed) ctx.set('Idempotent-Replayed', 'true');
      },
    ]);
  }
  return routes;
}

/**
 * The REST routes, held twice: all in one router, which says what a path allows (405 and OPTIONS),
 * and by their first segment after the base (`listings` of /api/v1/listings/x), which answers
 * requests: @koa/router tests a request against each route of its router in turn, so a profile
 * read is tested against 4 routes, not 42. Segments compare as routes do, ignoring case.
 */
export class RestRoutes {
  readonly router: Router;
  readonly #bySegment = new Map<string, Router>();

  constructor(private readonly basePath: string) {
    this.router = new Router({ prefix: basePath });
  }

  register(path: string, method: string, middleware: RouterMiddleware[]): void {
    this.router.register(path, [method], middleware);
    const segment = firstSegment(path.slice(1));
    let router = this.#bySegment.get(segment);
    if (!router) this.#bySegment.set(segment, (router = new Router({ prefix: this.basePath })));
    router.register(path, [method], middleware);
  }

  /** Answers a request with the routes of its segment, if it has any. */
  routes(): Middleware {
    const answers = new Map([...this.#bySegment].map(([segment, router]) => [segment, router.routes()]));
    const base = `${this.basePath.toLowerCase()}/`;
    return (ctx: Context, next: Next) => {
      const { path } = ctx;
      const answer =
        path.length > base.length && path.slice(0, base.length).toLowerCase() === base
          ? answers.get(firstSegment(path.slice(base.length)).toLowerCase())
          : undefined;
      // The segment's router sets what a RouterContext adds (params, router) before its routes run.
      return answer ? (answer(ctx as RouterContext, next) as Promise<void>) : next();
    };
  }
}

function firstSegment(path: string): string {
  const end = path.indexOf('/');
  return end === -1 ? path : path.slice(0, end);
}

/** The paths of operations without parameters that a path template also matches (`/orders/{number}` -> `/orders/quote`). */
function literalPathsMatching(template: string, operations: readonly Operation[]): string[] {
  if (!template.includes('{')) return [];
  const parts = template.split('/');
  return operations
    .map((op) => op.path)
    .filter((path) => !path.includes('{'))
    .filter((path) => {
      const segments = path.split('/');
      return segments.length === parts.length && parts.every((part, i) => part.startsWith('{') || part === segments[i]);
    });
}

export function toKoaPath(specPath: string): string {
  return specPath.replace(/\{(\w+)\}/g, ':$1');
}

function hasBody(contentLength: string, transferEncoding: string): boolean {
  return (contentLength !== '' && contentLength !== '0') || transferEncoding !== '';
}
