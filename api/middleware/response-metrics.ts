import type { Middleware } from 'koa';
import { countHttpResponse } from '../../src/platform/metrics.js';

/** Counts every response of the public port by status, once the problem middleware has set it. */
export const countResponses: Middleware = async (ctx, next) => {
  try {
    await next();
  } finally {
    countHttpResponse(ctx.status);
  }
};
