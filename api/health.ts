import Router from '@koa/router';
import { temporalReachable } from '../src/temporal.js';
import type { AppDeps } from './deps.js';
import type { Shutdown } from './drain.js';

/** Liveness says the process answers; readiness says its dependencies do too, and that it is not stopping. */
export function healthRouter(deps: AppDeps, shutdown: Shutdown): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    if (shutdown.draining) {
      ctx.status = 503;
      ctx.body = { status: 'draining' };
      return;
    }
    const [postgres, temporal] = await Promise.all([postgresReachable(deps), temporalReachable(deps.temporal)]);
    const ready = postgres && temporal;
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'not_ready', checks: { postgres, temporal } };
  });
  return router;
}

async function postgresReachable(deps: AppDeps): Promise<boolean> {
  try {
    return await deps.orm.isConnected();
  } catch {
    return false;
  }
}
