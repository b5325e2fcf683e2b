import Router from '@koa/router';
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { AppError } from '../src/errors.js';
import type { AppDeps } from './deps.js';
import { execute } from './execute.js';
import { operationContext } from './operation-context.js';
import type { Operation } from './operations/registry.js';
import { openApiDocument } from './openapi.js';

/** Mounts every operation of the registry under the REST base, plus the OpenAPI document. */
export function restRouter(deps: AppDeps, operations: readonly Operation[]): Router {
  const router = new Router({ prefix: deps.config.apiBasePath });
  const parseJson = koaBody({
    json: true,
    jsonStrict: true,
    jsonLimit: deps.config.bodyLimitBytes,
    urlencoded: false,
    text: false,
    multipart: false,
  });
  const document = openApiDocument(deps.config, operations);

  router.get('/openapi.json', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = document;
  });

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
    router.register(
      toKoaPath(op.path),
      [op.method],
      [
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
            ctx.type = 'json';
            ctx.body = result.json;
          }
          if (result.replayed) ctx.set('Idempotent-Replayed', 'true');
        },
      ],
    );
  }
  return router;
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
