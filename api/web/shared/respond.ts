import type { Context } from 'koa';
import type { Html } from '../../../src/platform/html.js';

/** The one place an HTML response body is set: from Html, so only escaped markup reaches a browser. */
export function sendHtml(ctx: Context, document: Html): void {
  ctx.type = 'html';
  ctx.body = document.toString();
}
