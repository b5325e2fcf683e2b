import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import {
  endWebSession,
  sessionOfBlockedAccount,
  startWebSession,
  webSessionUser,
  type SessionUser,
} from '../../../src/accounts/web-sessions.js';
import { AppError } from '../../../src/errors.js';
import type { AppDeps } from '../../deps.js';
import { html } from '../../../src/platform/html.js';
import type { ReadPool } from '../../../src/platform/sql.js';
import { page } from './layout.js';
import { sendHtml } from './respond.js';

export const sessionCookieName = 'ld_session';

/** Puts the signed-in person of a browser (or null) at ctx.state.webUser; a blocked account's session is told so. */
export function webSession(): Middleware {
  return async (ctx, next) => {
    ctx.state.webUser = (await webUserOf(ctx, ctx.state.readPool)) ?? null;
    const token = sessionToken(ctx);
    if (!ctx.state.webUser && token && (await sessionOfBlockedAccount(ctx.state.readPool, token)))
      throw new AppError(
        'forbidden',
        'Your account is blocked by the site team. The email that told you so says why and how to ask for a review.',
      );
    await next();
  };
}

/** The session token a browser sent, not yet checked. */
export function sessionToken(ctx: Pick<Context, 'cookies'>): string | null {
  return ctx.cookies.get(sessionCookieName) || null;
}

/** The person whose session cookie a request carries, if the session is live. */
export async function webUserOf(ctx: Pick<Context, 'cookies'>, pool: ReadPool): Promise<SessionUser | undefined> {
  const token = sessionToken(ctx);
  return token ? webSessionUser(pool, token) : undefined;
}

export function currentUser(ctx: Context): SessionUser | null {
  return ctx.state.webUser ?? null;
}

export async function signIn(ctx: Context, deps: AppDeps, userId: number): Promise<void> {
  await signOut(ctx);
  const token = await startWebSession(ctx.state.em, userId, deps.config.auth.sessionTtlDays);
  ctx.cookies.set(sessionCookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/',
    maxAge: deps.config.auth.sessionTtlDays * 24 * 3600 * 1000,
    overwrite: true,
  });
}

export async function signOut(ctx: Context): Promise<void> {
  const token = ctx.cookies.get(sessionCookieName);
  if (token) await endWebSession(ctx.state.em, token);
  ctx.cookies.set(sessionCookieName, null, { path: '/', overwrite: true });
}

/** URL-encoded form bodies for the web pages (never in front of the OAuth server itself). */
export const parseForm = koaBody({ urlencoded: true, json: false, multipart: false, text: false, formLimit: '16kb' });

export function formField(ctx: Context, name: string): string | undefined {
  const value = (ctx.request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** Where an error page sends the reader back to. */
export interface BackLink {
  href: string;
  label: string;
}

/** Web pages answer errors as HTML pages, not problem+json. */
export function htmlErrors(deps: AppDeps, back: BackLink = { href: '/account', label: 'Back to your account' }): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (thrown) {
      if (!(thrown instanceof AppError)) throw thrown;
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
