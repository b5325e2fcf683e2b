import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { AppError } from '../../../src/errors.js';

export const csrfCookieName = 'ld_csrf';

/**
 * CSRF tokens bound to a per-browser random cookie (HttpOnly, SameSite=Lax): a form's token is
 * the HMAC of that cookie under the server's cookie key, so another site can neither read nor
 * forge it, and it works before sign-in as well as after.
 */
export function csrfToken(ctx: Context, keys: readonly string[]): string {
  ctx.state.carriesFormToken = true;
  let browserId = ctx.cookies.get(csrfCookieName);
  if (!browserId || !/^[A-Za-z0-9_-]{43}$/.test(browserId)) {
    browserId = randomBytes(32).toString('base64url');
    ctx.cookies.set(csrfCookieName, browserId, {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.secure,
      path: '/',
      overwrite: true,
    });
  }
  return csrfTokenOf(browserId, keys[0]);
}

/** Refuses the request unless the submitted token matches this browser's cookie under any live key. */
export function verifyCsrf(ctx: Context, keys: readonly string[], submitted: unknown): void {
  const browserId = ctx.cookies.get(csrfCookieName);
  const given = Buffer.from(typeof submitted === 'string' ? submitted : '');
  const ok =
    !!browserId &&
    keys.some((key) => {
      const expected = Buffer.from(csrfTokenOf(browserId, key));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  if (!ok) throw new AppError('forbidden', 'The form has expired or did not come from this site. Reload the page and try again.');
}

/** The form token of a browser: the HMAC of its CSRF cookie under one cookie key. */
export function csrfTokenOf(browserId: string, key: string): string {
  return createHmac('sha256', key).update(`csrf:${browserId}`).digest('base64url');
}
