import { randomUUID } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../../src/logger.js';
import type { AppError } from '../../src/errors.js';
import type { SessionUser } from '../../src/accounts/web-sessions.js';
import type { Principal } from '../operations/registry.js';
import type { AppDeps } from '../deps.js';
import type { ReadPool } from '../../src/platform/sql.js';

const acceptableRequestId = /^[\w.:-]{1,100}$/;

/**
 * `ctx.state` of a request: its id, and a logger and an EntityManager of its own, both made on
 * first use (a read served from memory needs neither). A class rather than properties defined per
 * request, so that every request's state has the same shape and reads of it stay fast.
 */
export class RequestState {
  /** Which protected resource the request is for (set by the bearer check): /api/v1 or /mcp. */
  resourcePath: string | undefined;
  /** Who is calling, once a bearer credential proved valid. */
  principal: Principal | undefined;
  /** Why the credential sent was refused, kept until the rate limiter has counted the request. */
  credentialError: AppError | undefined;
  /** The signed-in person of a browser on the site's pages (null when nobody is). */
  webUser: SessionUser | null | undefined;
  /** A CSRF form token went into the response, which no cache may therefore keep (see sendHtml). */
  carriesFormToken = false;
  readonly #deps: AppDeps;
  #log: Logger | undefined;
  #em: EntityManager | undefined;

  constructor(
    deps: AppDeps,
    readonly requestId: string,
  ) {
    this.#deps = deps;
  }

  get log(): Logger {
    return (this.#log ??= this.#deps.log.child({ requestId: this.requestId }));
  }

  get em(): EntityManager {
    return (this.#em ??= this.#deps.orm.em.fork());
  }

  /** The process's pool of prepared hot reads. */
  get readPool(): ReadPool {
    return this.#deps.readPool;
  }
}

declare module 'koa' {
  // Every middleware and route sees the typed state, not `any`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface DefaultState extends RequestState {}
}

/**
 * First in the chain: a request id (the caller's X-Request-Id when sane), the request's state,
 * and one access-log line when the response is done.
 */
export function requestContext(deps: AppDeps): Middleware {
  const accessLog = deps.log.isLevelEnabled('info');
  const begin = (ctx: Context): void => {
    const incoming = ctx.get('x-request-id');
    const requestId = acceptableRequestId.test(incoming) ? incoming : randomUUID();
    ctx.state = new RequestState(deps, requestId);
    // On the Node response: Koa's `ctx.set` allocates a few arrays per header, on every request.
    ctx.res.setHeader('X-Request-Id', requestId);
  };
  if (!accessLog) {
    return (ctx, next) => {
      begin(ctx);
      return next();
    };
  }
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    begin(ctx);
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.state.log.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 100) / 100 }, 'request');
    }
  };
}
