import type { Context } from 'koa';
import type { AppDeps } from './deps.js';
import type { OperationContext } from './operations/registry.js';

/**
 * The transport-neutral context of one call, taken from a Koa request. The EntityManager and the
 * logger are read from the request when first used (see requestContext).
 */
export function operationContext(ctx: Context, deps: AppDeps): OperationContext {
  return {
    deps,
    get em() {
      return ctx.state.em;
    },
    site: deps.site,
    principal: ctx.state.principal ?? null,
    clientIp: ctx.ip,
    requestId: ctx.state.requestId,
    get log() {
      return ctx.state.log;
    },
  };
}
