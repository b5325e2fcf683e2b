import type { Middleware } from 'koa';
import { AppError } from '../../../src/errors.js';
import { html } from '../../../src/platform/html.js';
import type { AppDeps } from '../../deps.js';
import { page } from './layout.js';
import { sendHtml } from './respond.js';

/** Where an error page sends the reader back to. */
export interface BackLink {
  href: string;
  label: string;
}

/** Web pages answer errors as HTML pages; a request that asks for JSON (the pages' own script) gets problem+json. */
export function htmlErrors(deps: AppDeps, back: BackLink = { href: '/account', label: 'Back to your account' }): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (thrown) {
      if (!(thrown instanceof AppError) || ctx.accepts('html', 'json') === 'json') throw thrown;
      ctx.status = thrown.status;
      if (thrown.meta.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(thrown.meta.retryAfterSeconds));
      const details = thrown.errors.map((e) => html`<li><code>${e.path}</code>: ${e.message}</li>`);
      const body = html`<p>${thrown.message}</p>${details.length > 0 && html`<ul>${details}</ul>`}<p><a href="${back.href}">${back.label}</a></p>`;
      sendHtml(
        ctx,
        page(thrown.status === 404 ? 'Not found' : 'Something needs your attention', body, {
          siteName: deps.config.site.name,
          noindex: true,
        }),
      );
    }
  };
}
