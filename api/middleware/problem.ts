import type { Context, Middleware } from 'koa';
import { AppError, errorCodes, type ErrorCode, type FieldError, type ListedElsewhere } from '../../src/errors.js';
import {
  OutageWatch,
  databasePortOf,
  dependencyName,
  unreachableDependency,
  type Dependency,
} from '../../src/platform/outage.js';
import { countHttpResponse } from '../../src/platform/metrics.js';
import { temporalReachable } from '../../src/temporal.js';
import type { AppDeps } from '../deps.js';

const titles: Record<ErrorCode, string> = {
  invalid_input: 'Invalid input',
  unauthorized: 'Authentication required',
  forbidden: 'Forbidden',
  insufficient_scope: 'Insufficient scope',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  conflict: 'Conflict',
  draft_not_ready: 'Draft not ready',
  already_listed: 'Already listed',
  promo_code_refused: 'Promo code refused',
  idempotency_key_reused: 'Idempotency-Key reused',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  rate_limited: 'Too many requests',
  internal_error: 'Internal error',
  unavailable: 'Service unavailable',
};

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  errors: FieldError[];
  instance?: string;
  /** already_listed: the listing that holds the domain, and where to claim it. */
  listing?: ListedElsewhere;
}

export function problemOf(error: AppError, publicUrl: string): Problem {
  return {
    type: `${publicUrl}/problems/${error.code}`,
    title: titles[error.code],
    status: error.status,
    detail: error.message,
    code: error.code,
    errors: error.errors,
    ...(error.meta.listing && { listing: error.meta.listing }),
  };
}

export function describeProblemCode(code: string): { title: string; status: number } | undefined {
  if (!(code in errorCodes)) return undefined;
  return { title: titles[code as ErrorCode], status: errorCodes[code as ErrorCode] };
}

/** Where a 401 sends the client to discover how to sign in: the metadata of the resource it called. */
export function resourceMetadataUrl(publicUrl: string, resourcePath: string): string {
  return `${publicUrl}/.well-known/oauth-protected-resource${resourcePath}`;
}

/**
 * Turns anything thrown below into an RFC 9457 problem+json response. Errors from the HTTP layer
 * (bad JSON, oversized bodies, unknown methods) keep their 4xx status; PostgreSQL or Temporal out
 * of reach is a 503 `unavailable` with Retry-After, logged once per outage; anything else
 * unexpected is answered as a bare 500 without internals. Every other 5xx is logged at error level.
 */
export function problems(deps: AppDeps): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && isApiPath(ctx.path)) {
        throw new AppError('not_found', `No operation at ${ctx.method} ${ctx.path}.`);
      }
    } catch (thrown) {
      const error = failureOf(thrown, deps);
      sendProblem(ctx, error, deps.config.publicUrl);
      if (error.code !== 'unavailable' && error.status >= 500) logServerError(ctx, thrown);
      return;
    } finally {
      // Every failure is answered above, so the status is final here: each response is counted once.
      countHttpResponse(ctx.status);
    }
    // An answered 503 is deliberate (/readyz while a dependency is down): its probes would fill the log.
    if (ctx.status >= 500 && ctx.status !== 503) logServerError(ctx);
  };
}

/** Every 5xx, thrown or answered, is one error line carrying the request id (the logger's binding). */
function logServerError(ctx: Context, thrown?: unknown): void {
  ctx.state.log.error({ err: thrown, method: ctx.method, path: ctx.path, status: ctx.status }, 'server error');
}

export function sendProblem(ctx: Context, error: AppError, publicUrl: string): void {
  ctx.status = error.status;
  ctx.type = 'application/problem+json';
  ctx.body = { ...problemOf(error, publicUrl), instance: ctx.path };
  const resource = ctx.state.resourcePath ?? '/api/v1';
  if (error.code === 'unauthorized') {
    const refused = error.meta.bearerError ? `error="${error.meta.bearerError}", ` : '';
    ctx.set('WWW-Authenticate', `Bearer ${refused}resource_metadata="${resourceMetadataUrl(publicUrl, resource)}"`);
  } else if (error.code === 'insufficient_scope') {
    ctx.set(
      'WWW-Authenticate',
      `Bearer error="insufficient_scope", scope="${error.meta.scope ?? ''}", resource_metadata="${resourceMetadataUrl(publicUrl, resource)}"`,
    );
  }
  if (error.meta.allow) ctx.set('Allow', error.meta.allow.join(', '));
  if (error.meta.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(error.meta.retryAfterSeconds));
}

function isApiPath(path: string): boolean {
  return path === '/api/v1' || path.startsWith('/api/v1/');
}

/** How long a client is asked to wait when a dependency is out of reach. */
export const outageRetryAfterSeconds = 5;

const outageWatches = new WeakMap<AppDeps, OutageWatch>();

function outageWatchOf(deps: AppDeps): OutageWatch {
  let watch = outageWatches.get(deps);
  if (!watch) {
    const reachable = (dependency: Dependency) =>
      dependency === 'postgres' ? deps.orm.isConnected().catch(() => false) : temporalReachable(deps.temporal);
    outageWatches.set(deps, (watch = new OutageWatch(deps.log, reachable)));
  }
  return watch;
}

/**
 * What a failure answers: a dependency out of reach is 503 `unavailable` (and the outage is logged
 * once, see OutageWatch), anything else as toAppError says. Every transport answers through this.
 */
export function failureOf(thrown: unknown, deps: AppDeps): AppError {
  const dependency =
    thrown instanceof AppError ? undefined : unreachableDependency(thrown, databasePortOf(deps.orm.config.get('clientUrl')));
  if (!dependency) return toAppError(thrown);
  outageWatchOf(deps).report(dependency, thrown);
  return new AppError('unavailable', `${dependencyName(dependency)} cannot be reached right now. Try again shortly.`, [], {
    retryAfterSeconds: outageRetryAfterSeconds,
  });
}

export function toAppError(thrown: unknown): AppError {
  if (thrown instanceof AppError) return thrown;
  const e = thrown as { status?: number; statusCode?: number; type?: string; message?: string; expose?: boolean };
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 413) return new AppError('payload_too_large', 'The request body is larger than this service accepts.');
    if (status === 415) return new AppError('unsupported_media_type', 'Send the request body as application/json.');
    if (status === 405 || status === 501) return new AppError('method_not_allowed', e.message || 'Method not allowed.');
    if (status === 404) return new AppError('not_found', e.message || 'Not found.');
    if (status === 401) return new AppError('unauthorized', e.message || 'Authentication required.');
    if (status === 403) return new AppError('forbidden', e.message || 'Forbidden.');
    if (status === 429) return new AppError('rate_limited', e.message || 'Too many requests.');
    if (e.type === 'entity.parse.failed' || /JSON/i.test(e.message ?? '')) {
      return new AppError('invalid_input', 'The request body is not valid JSON.', [{ path: 'body', message: 'malformed JSON' }]);
    }
    return new AppError('invalid_input', e.expose && e.message ? e.message : 'The request could not be understood.');
  }
  return new AppError('internal_error', 'Something went wrong on our side. The request id in X-Request-Id helps us find it.');
}
