import type { Context, Middleware } from 'koa';
import type { EntityManager } from '@mikro-orm/postgresql';
import { koaBody } from 'koa-body';
import { startWebSession, webSessionUser, endWebSession } from '../../src/accounts/web-sessions.js';
import type { UserRow } from '../../src/accounts/users.js';
import { AppError } from '../../src/errors.js';
import type { AppDeps } from '../deps.js';
import { escapeHtml } from './html.js';
import { page } from './layout.js';

const cookieName = 'ld_session';

/** Puts the signed-in person of a browser (or null) at ctx.state.webUser. */
export function webSession(): Middleware {
  return async (ctx, next) => {
    ctx.state.webUser = (await webUserOf(ctx, ctx.state.em)) ?? null;
    await next();
  };
}

/** The person whose session cookie a request carries, if the session is live. */
export async function webUserOf(ctx: Pick<Context, 'cookies'>, em: EntityManager): Promise<UserRow | undefined> {
  const token = ctx.cookies.get(cookieName);
  return token ? webSessionUser(em, token) : undefined;
}

export function currentUser(ctx: Context): UserRow | null {
  return ctx.state.webUser ?? null;
}

export async function signIn(ctx: Context, deps: AppDeps, userId: number): Promise<void> {
  await signOut(ctx);
  const token = await startWebSession(ctx.state.em, userId, deps.config.auth.sessionTtlDays);
  ctx.cookies.set(cookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/',
    maxAge: deps.config.auth.sessionTtlDays * 24 * 3600 * 1000,
    overwrite: true,
  });
}

export async function signOut(ctx: Context): Promise<void> {
  const token = ctx.cookies.get(cookieName);
  if (token) await endWebSession(ctx.state.em, token);
  ctx.cookies.set(cookieName, null, { path: '/', overwrite: true });
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
      ctx.type = 'html';
      const details = thrown.errors.map((e) => `<li><code>${escapeHtml(e.path)}</code>: ${escapeHtml(e.message)}</li>`).join('');
      ctx.body = page(
        deps.config.site.name,
        thrown.status === 404 ? 'Not found' : 'Something needs your attention',
        `<p>${escapeHtml(thrown.message)}</p>${details ? `<ul>${details}</ul>` : ''}<p><a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a></p>`,
        { noindex: true },
      );
    }
  };
}
