import type { Context } from 'koa';
import type { Html } from '../../../src/platform/html.js';

/**
 * The one place an HTML response body is set: from Html, so only escaped markup reaches a browser.
 * A page with a CSRF form token is one browser's: no cache, shared or the browser's own, may keep it.
 */
export function sendHtml(ctx: Context, document: Html): void {
  if (ctx.state.carriesFormToken) ctx.set('Cache-Control', 'no-store');
  ctx.type = 'html';
  ctx.body = document.toString();
}
