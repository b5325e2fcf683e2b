import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../src/errors.js';
import type { AppDeps } from '../deps.js';

/**
 * Fixed-window limits kept in PostgreSQL so that every api process counts against one budget.
 * The key is the bearer credential once authenticated (hashed; an API key and a token each have
 * their own budget), else the client address. If PostgreSQL cannot answer, an in-process limiter stands in.
 */
export function rateLimit(deps: AppDeps): Middleware {
  const { points, windowSeconds } = deps.config.rateLimit;
  const limiter = new RateLimiterPostgres({
    storeClient: deps.orm.em.getConnection().getKnex(),
    storeType: 'knex',
    tableName: 'rate_limit',
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: 'api',
    points,
    duration: windowSeconds,
    insuranceLimiter: new RateLimiterMemory({ points, duration: windowSeconds }),
  });

  return async (ctx, next) => {
    // A credential earns its own budget only once it proved valid; anything else counts per address.
    const key = limitKey(ctx.state.principal ? ctx.get('authorization') : '', ctx.ip);
    let res: RateLimiterRes;
    let limited = false;
    try {
      res = await limiter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      res = rejection;
      limited = true;
    }
    const resetSeconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    ctx.set('RateLimit-Limit', String(points));
    ctx.set('RateLimit-Remaining', String(Math.max(0, res.remainingPoints)));
    ctx.set('RateLimit-Reset', String(resetSeconds));
    if (limited) {
      throw new AppError('rate_limited', `Rate limit of ${points} requests per ${windowSeconds} s reached; retry in ${resetSeconds} s.`, [], {
        retryAfterSeconds: resetSeconds,
      });
    }
    await next();
  };
}

function limitKey(authorization: string, ip: string): string {
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  return bearer ? `cred:${createHash('sha256').update(bearer).digest('hex').slice(0, 32)}` : `ip:${ip}`;
}
