import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { AppDeps } from '../deps.js';

const acceptableRequestId = /^[\w.:-]{1,100}$/;

/**
 * First in the chain: a request id (the caller's X-Request-Id when sane), a logger carrying it,
 * a fresh EntityManager for this request, and one access-log line when the response is done.
 */
export function requestContext(deps: AppDeps): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('x-request-id');
    const requestId = acceptableRequestId.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = deps.log.child({ requestId });
    ctx.state.em = deps.orm.em.fork();
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.state.log.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 100) / 100 }, 'request');
    }
  };
}
