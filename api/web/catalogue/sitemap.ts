import type { RouterMiddleware as Middleware } from '@koa/router';
import { sitemapEntries, sitemapLimit } from '../../../src/community/sitemap.js';
import { leaderboards } from '../../../src/domain/catalogue-terms.js';
import type { AppDeps } from '../../deps.js';

/** Pages that name no single thing, listed before the ones that do. */
const sitePages = [
  '/',
  '/launches',
  '/launches/weeks/this',
  '/launches/weeks/next',
  '/awards',
  '/categories',
  '/leaderboards',
  ...leaderboards.map((b) => `/leaderboards/${b}`),
  '/founders',
  '/blog',
  '/compare',
  '/updates',
  '/docs',
];

const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** /sitemap.xml: every public page, for search engines. */
export function sitemap(deps: AppDeps): Middleware {
  return async (ctx) => {
    const entries = await sitemapEntries(ctx.state.em, deps.site.id, sitemapLimit - sitePages.length);
    const url = (path: string, lastmod: string | null) =>
      `<url><loc>${xmlEscape(deps.config.publicUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
    ctx.type = 'application/xml';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${[...sitePages.map((p) => url(p, null)), ...entries.map((e) => url(e.path, e.lastmod))].join('\n')}
</urlset>
`;
  };
}

/** /robots.txt: everything public may be crawled; accounts, sign-in and the team's pages may not. */
export function robots(deps: AppDeps): Middleware {
  return (ctx) => {
    ctx.type = 'text/plain';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = `User-agent: *
Allow: /
Disallow: /account
Disallow: /sign-in
Disallow: /admin/
Disallow: /dev/
Disallow: /oauth/
Disallow: /reviews/

Sitemap: ${deps.config.publicUrl}/sitemap.xml
`;
  };
}
