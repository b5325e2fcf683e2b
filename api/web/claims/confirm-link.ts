import Router from '@koa/router';
import type { Context } from 'koa';
import { claimConfirmPath, confirmClaimLink, peekClaimLink } from '../../../src/claims/link-mail.js';
import { AppError } from '../../../src/errors.js';
import { html, type Html } from '../../../src/platform/html.js';
import type { AppDeps } from '../../deps.js';
import { csrfToken, verifyCsrf } from '../shared/csrf.js';
import { form, hidden, page } from '../shared/layout.js';
import { sendHtml } from '../shared/respond.js';
import { formField, parseForm } from '../shared/forms/parse-form.js';
import { htmlErrors } from '../shared/error-pages.js';

/**
 * The page an email claim's link opens. GET only shows what would be confirmed and a button; the
 * POST of that button confirms, so a mail scanner that opens links cannot spend one.
 */
export function claimConfirmRouter(deps: AppDeps): Router {
  const router = new Router();
  const keys = deps.keys.cookieKeys;
  const back = { href: '/', label: `Go to ${deps.config.site.name}` };
  const render = (ctx: Context, title: string, body: Html) =>
    sendHtml(ctx, page(title, body, { siteName: deps.config.site.name, noindex: true }));

  router.get(claimConfirmPath, htmlErrors(deps, back), async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const pending = token ? await peekClaimLink(ctx.state.em, token) : undefined;
    ctx.set('Cache-Control', 'no-store');
    if (!pending) {
      ctx.status = 400;
      render(
        ctx,
        'This link no longer works',
        html`<p>Claim links work once, and only while the claim is open (7 days at most).</p>`,
      );
      return;
    }
    render(
      ctx,
      `Confirm the claim on ${pending.listingName}`,
      html`<p><strong>${pending.claimant}</strong> asked to manage the listing <strong>${pending.listingName}</strong> and named
<strong>${pending.email}</strong> as proof that they run its website.</p>
<p>Confirm only if that is right: they will own the listing here.</p>
${form(claimConfirmPath, csrfToken(ctx, keys), hidden('token', token), 'Confirm the claim')}`,
    );
  });

  router.post(claimConfirmPath, htmlErrors(deps, back), parseForm, async (ctx) => {
    verifyCsrf(ctx, keys, formField(ctx, 'csrf'));
    if (!(await confirmClaimLink(ctx.state.em, deps, formField(ctx, 'token') ?? '')))
      throw new AppError('invalid_input', 'This claim link was already used, or the claim is no longer open.');
    ctx.set('Cache-Control', 'no-store');
    render(
      ctx,
      'Claim confirmed',
      html`<p>Thank you: the address is confirmed. The claim is being verified now; its claimant sees it as verified in a moment.</p>`,
    );
  });
  return router;
}
