import type { Context, Middleware } from 'koa';
import {
  endWebSession,
  sessionOfBlockedAccount,
  startWebSession,
  webSessionUser,
  type SessionUser,
} from '../../../src/accounts/web-sessions.js';
import { AppError } from '../../../src/errors.js';
import type { AppDeps } from '../../deps.js';
import type { ReadPool } from '../../../src/platform/sql.js';

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
