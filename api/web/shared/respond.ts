import type { Context } from 'koa';
import { csvText, type CsvCell } from '../../../src/domain/csv.js';
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

/** A person's own figures as a CSV download: never kept by a cache, saved under `fileName` (plain characters only). */
export function sendCsv(ctx: Context, fileName: string, header: readonly string[], rows: readonly (readonly CsvCell[])[]): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '')}"`);
  ctx.type = 'text/csv; charset=utf-8';
  ctx.body = csvText(header, rows);
}
