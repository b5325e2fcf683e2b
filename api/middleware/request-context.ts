import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../../src/logger.js';
import type { AppDeps } from '../deps.js';

const acceptableRequestId = /^[\w.:-]{1,100}$/;

/**
 * `ctx.state` of a request: its id, and a logger and an EntityManager of its own, both made on
 * first use (a read served from memory needs neither). A class rather than properties defined per
 * request, so that every request's state has the same shape and reads of it stay fast.
 */
export class RequestState {
  [other: string]: unknown;
  #log: Logger | undefined;
  #em: EntityManager | undefined;

  constructor(
    private readonly deps: AppDeps,
    readonly requestId: string,
  ) {}

  get log(): Logger {
    return (this.#log ??= this.deps.log.child({ requestId: this.requestId }));
  }

  get em(): EntityManager {
    return (this.#em ??= this.deps.orm.em.fork());
  }
}

/**
 * First in the chain: a request id (the caller's X-Request-Id when sane), the request's state,
 * and one access-log line when the response is done.
 */
export function requestContext(deps: AppDeps): Middleware {
  const accessLog = deps.log.isLevelEnabled('info');
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('x-request-id');
    const requestId = acceptableRequestId.test(incoming) ? incoming : randomUUID();
    ctx.state = new RequestState(deps, requestId);
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
