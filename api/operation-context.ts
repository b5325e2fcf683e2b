import type { Context } from 'koa';
import type { AppDeps } from './deps.js';
import type { OperationContext } from './operations/registry.js';

/** The transport-neutral context of one call, taken from a Koa request. */
export function operationContext(ctx: Context, deps: AppDeps): OperationContext {
  return {
    deps,
    em: ctx.state.em,
    site: deps.site,
    principal: ctx.state.principal ?? null,
    clientIp: ctx.ip,
    requestId: ctx.state.requestId,
    log: ctx.state.log,
  };
}
