import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { AppError } from '../../src/errors.js';
import { SharedRateLimiter } from '../../src/platform/rate-limits.js';
import type { AppDeps } from '../deps.js';

/** A budget of `points` requests per `windowSeconds` for each key a request maps to. */
export interface Budget {
  points: number;
  windowSeconds: number;
  key: (ctx: Context) => string;
  /** What a refused request is told, given the seconds until the window resets. */
  refusal: (resetSeconds: number) => string;
}

/**
 * Fixed-window limits shared through PostgreSQL by every api process (counted locally and synced
 * in batches; see SharedRateLimiter): `RateLimit-*` headers on every answer, and past the budget
 * 429 `rate_limited` with `Retry-After`.
 */
export function budgetLimit(deps: AppDeps, budget: Budget): Middleware {
  const { points, windowSeconds } = budget;
  const limiter = new SharedRateLimiter(
    deps.orm.em.getConnection().getKnex(),
    windowSeconds * 1000,
    deps.config.rateLimit.syncMs,
  );
  const limit = String(points);

  return async (ctx, next) => {
    const key = budget.key(ctx);
    const { used, endsAt } = limiter.tryConsume(key) ?? (await limiter.consume(key));
    const resetSeconds = Math.max(1, Math.ceil((endsAt - Date.now()) / 1000));
    // On the Node response: Koa's `ctx.set` allocates a few arrays per header, on every request.
    ctx.res.setHeader('RateLimit-Limit', limit);
    ctx.res.setHeader('RateLimit-Remaining', String(Math.max(0, points - used)));
    ctx.res.setHeader('RateLimit-Reset', String(resetSeconds));
    if (used > points) throw new AppError('rate_limited', budget.refusal(resetSeconds), [], { retryAfterSeconds: resetSeconds });
    await next();
  };
}

/**
 * The API's limit (and the owner forms'). The key is the bearer credential once authenticated
 * (hashed; an API key and a token each have their own budget), else the client address.
 */
export function rateLimit(deps: AppDeps): Middleware {
  const { points, windowSeconds } = deps.config.rateLimit;
  return budgetLimit(deps, {
    points,
    windowSeconds,
    // A credential earns its own budget only once it proved valid; anything else counts per address.
    key: (ctx) => limitKey(ctx.state.principal ? ctx.get('authorization') : '', ctx.ip),
    refusal: (reset) => `Rate limit of ${points} requests per ${windowSeconds} s reached; retry in ${reset} s.`,
  });
}

function limitKey(authorization: string, ip: string): string {
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  return bearer ? `cred:${createHash('sha256').update(bearer).digest('hex').slice(0, 32)}` : `ip:${ip}`;
}
