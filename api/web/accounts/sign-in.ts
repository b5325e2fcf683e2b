import Router from '@koa/router';
import type { Context } from 'koa';
import { emailAddress } from '../../operations/common.js';
import { AppError } from '../../../src/errors.js';
import { safeReturnPath } from '../../../src/domain/credentials.js';
import { peekSignInLink, signInByLink } from '../../../src/accounts/sign-in-links.js';
import { sendSignInLink } from '../../../src/accounts/sign-in-mail.js';
import { SharedRateLimiter } from '../../../src/platform/rate-limits.js';
import type { AppDeps } from '../../deps.js';
import { csrfToken, verifyCsrf } from '../shared/csrf.js';
import { html, type Html } from '../../../src/platform/html.js';
import { form, hidden, page } from '../shared/layout.js';
import { sendHtml } from '../shared/respond.js';
import { currentUser, signIn, signOut, webSession } from '../shared/session.js';
import { formField, parseForm } from '../shared/forms/parse-form.js';
import { htmlErrors } from '../shared/error-pages.js';

const email = emailAddress();

/** Sign-in by a one-time link sent by email; the link's page asks once more before signing in. */
export function signInRouter(deps: AppDeps): Router {
  const router = new Router();
  const { site, auth } = deps.config;
  const keys = deps.keys.cookieKeys;
  const clients = new SharedRateLimiter(
    deps.orm.em.getConnection().getKnex(),
    auth.signInLimits.windowMinutes * 60_000,
    deps.config.rateLimit.syncMs,
  );
  const settings = {
    siteName: site.name,
    publicUrl: deps.config.publicUrl,
    ttlMinutes: auth.signInLinkTtlMinutes,
    limits: auth.signInLimits,
  };
  const render = (ctx: Context, title: string, body: Html) => sendHtml(ctx, page(title, body, { siteName: site.name }));
  router.use(htmlErrors(deps), webSession());

  router.get('/sign-in', (ctx) => {
    const returnTo = safeReturnPath(ctx.query.return_to);
    const user = currentUser(ctx);
    if (user && !ctx.query.switch) return ctx.redirect(returnTo ?? '/account');
    render(ctx, 'Sign in', signInForm(csrfToken(ctx, keys), returnTo));
  });

  router.post('/sign-in', parseForm, async (ctx) => {
    verifyCsrf(ctx, keys, formField(ctx, 'csrf'));
    const parsed = email.safeParse(formField(ctx, 'email')?.trim());
    if (!parsed.success) throw new AppError('invalid_input', 'Enter a valid email address (at most 254 characters).');
    await sendSignInLink(ctx.state.em, deps.mailer, settings, clients, {
      email: parsed.data,
      returnTo: safeReturnPath(formField(ctx, 'return_to')),
      client: ctx.ip,
    });
    render(
      ctx,
      'Check your email',
      html`<p>We sent a sign-in link to <strong>${parsed.data}</strong>. It works once, within ${auth.signInLinkTtlMinutes} minutes.</p>${
        deps.mailer.kind === 'outbox' &&
        deps.config.devPages &&
        html`<p class="note">Development mode: the mail is in the <a href="/dev/mail">outbox</a>.</p>`
      }`,
    );
  });

  router.get('/sign-in/link', async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const pending = token ? await peekSignInLink(ctx.state.em, token) : undefined;
    if (!pending) {
      ctx.status = 400;
      render(
        ctx,
        'This link no longer works',
        html`<p>Sign-in links work once and expire after a while. <a href="/sign-in">Ask for a new one</a>.</p>`,
      );
      return;
    }
    // A page with a button rather than signing in on GET: mail scanners that open links must not use them up.
    render(ctx, 'Sign in', form('/sign-in/link', csrfToken(ctx, keys), hidden('token', token), `Sign in as ${pending.email}`));
  });

  router.post('/sign-in/link', parseForm, async (ctx) => {
    verifyCsrf(ctx, keys, formField(ctx, 'csrf'));
    const signedIn = await signInByLink(ctx.state.em, formField(ctx, 'token') ?? '');
    if (!signedIn)
      throw new AppError('invalid_input', 'This sign-in link was already used or has expired. Ask for a new one at /sign-in.');
    await signIn(ctx, deps, signedIn.userId);
    ctx.status = 303;
    ctx.redirect(safeReturnPath(signedIn.returnTo) ?? '/account');
  });

  router.post('/sign-out', parseForm, async (ctx) => {
    verifyCsrf(ctx, keys, formField(ctx, 'csrf'));
    await signOut(ctx);
    ctx.status = 303;
    ctx.redirect('/sign-in');
  });
  return router;
}

export function signInForm(csrf: string, returnTo: string | undefined): Html {
  return form(
    '/sign-in',
    csrf,
    html`<p><label>Email <input type="email" name="email" required maxlength="254" autocomplete="email"></label></p>${returnTo && hidden('return_to', returnTo)}`,
    'Email me a sign-in link',
  );
}
