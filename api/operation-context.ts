import type { Context } from 'koa';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../src/logger.js';
import type { SiteRow } from '../src/catalogue/site-info.js';
import type { AppDeps } from './deps.js';
import type { OperationContext, Principal } from './operations/registry.js';

/**
 * The transport-neutral context of one call, taken from a Koa request. The EntityManager and the
 * logger are read from the request when first used (see RequestState). A class, not an object
 * literal with getters: V8 gives each such literal a hidden class of its own, which made every
 * request leave garbage in the old generation.
 */
class KoaOperationContext implements OperationContext {
  readonly site: SiteRow;
  readonly principal: Principal | null;
  readonly clientIp: string;
  readonly requestId: string;
  readonly #ctx: Context;

  constructor(
    ctx: Context,
    readonly deps: AppDeps,
    principal: Principal | null,
  ) {
    this.#ctx = ctx;
    this.site = deps.site;
    this.principal = principal;
    this.clientIp = ctx.ip;
    this.requestId = ctx.state.requestId;
  }

  get em(): EntityManager {
    return this.#ctx.state.em;
  }

  get log(): Logger {
    return this.#ctx.state.log;
  }
}

/** The caller is the request's bearer principal, unless a web page names the signed-in person instead. */
export function operationContext(
  ctx: Context,
  deps: AppDeps,
  principal: Principal | null = ctx.state.principal ?? null,
): OperationContext {
  return new KoaOperationContext(ctx, deps, principal);
}
