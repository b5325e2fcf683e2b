import type Koa from 'koa';
import type { Middleware } from 'koa';

/**
 * Pages run no inline script (scripts are files the app serves), may not be framed, and send no
 * full address to other sites. Logos and demo media come from the listed companies' own sites.
 * API responses are data: they load nothing and render nowhere.
 */
const pagePolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  'img-src * data:',
  'media-src *',
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');
const apiPolicy = "default-src 'none'; frame-ancestors 'none'";

/** A year, subdomains included: a browser that saw the site once never tries plain http again. */
const hsts = 'max-age=31536000; includeSubDomains';

/**
 * Set before the response is made (no await, so it costs no extra async step per request), on the
 * Node response itself: Koa's `ctx.set` allocates a few arrays per header, on every request.
 * `https`: the public address is https, so every response carries Strict-Transport-Security.
 */
export function securityHeaders(apiPaths: RegExp, https: boolean): Middleware {
  return (ctx, next) => {
    if (https) ctx.res.setHeader('Strict-Transport-Security', hsts);
    ctx.res.setHeader('X-Content-Type-Options', 'nosniff');
    ctx.res.setHeader('Referrer-Policy', 'no-referrer');
    ctx.res.setHeader('Content-Security-Policy', apiPaths.test(ctx.path) ? apiPolicy : pagePolicy);
    return next() as Promise<void>;
  };
}

/**
 * A public https address means browsers reach this service only through TLS, its own or a
 * proxy's: every request counts as secure, so every cookie (the OAuth server's too) is Secure,
 * whatever TRUST_PROXY says about forwarded headers.
 */
export function servedOverHttps(app: Koa): void {
  Object.defineProperty(app.request, 'protocol', { get: () => 'https' });
}
