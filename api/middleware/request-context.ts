import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { AppDeps } from '../deps.js';

const acceptableRequestId = /^[\w.:-]{1,100}$/;

/**
 * First in the chain: a request id (the caller's X-Request-Id when sane), a logger carrying it,
 * a fresh EntityManager for this request, and one access-log line when the response is done.
 * The logger and the EntityManager are made on first use: a read served from memory needs neither.
 */
export function requestContext(deps: AppDeps): Middleware {
  const accessLog = deps.log.isLevelEnabled('info');
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('x-request-id');
    const requestId = acceptableRequestId.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    lazily(ctx.state, 'log', () => deps.log.child({ requestId }));
    lazily(ctx.state, 'em', () => deps.orm.em.fork());
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      if (accessLog) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        ctx.state.log.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 100) / 100 }, 'request');
      }
    }
  };
}

/** Defines `target[key]` as made by `make` on first read (and assignable, like a plain property). */
function lazily(target: Record<string, unknown>, key: string, make: () => unknown): void {
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get() {
      const value = make();
      Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: true });
      return value;
    },
    set(value) {
      Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: true });
    },
  });
}
