import Router from '@koa/router';
import { userRole } from '../../src/accounts/users.js';
import { AppError } from '../../src/errors.js';
import { listRevisions, type RevisionRow } from '../../src/listings/revisions.js';
import { html, joinHtml, type Html } from '../../src/platform/html.js';
import type { AppDeps } from '../deps.js';
import { page } from './layout.js';
import { sendHtml } from './respond.js';
import { currentUser, htmlErrors, webSession } from './session.js';

/**
 * The site team's pages, for accounts with the role admin (`npm run cli -- user grant-admin`).
 * Anyone else, signed in or not, gets 404: the pages do not exist for them.
 */
export function adminRouter(deps: AppDeps): Router {
  const router = new Router({ prefix: '/admin' });
  router.use(htmlErrors(deps, { href: '/', label: 'Back to the home page' }), webSession(), async (ctx, next) => {
    const user = currentUser(ctx);
    if (!user || (await userRole(ctx.state.em, user.id)) !== 'admin') throw new AppError('not_found', 'This page was not found.');
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  // Every owner edit with its before and after copy, newest first; ?listing=<slug> for one listing.
  router.get('/revisions', async (ctx) => {
    const slug = typeof ctx.query.listing === 'string' && ctx.query.listing ? ctx.query.listing.slice(0, 220) : undefined;
    const revisions = await listRevisions(ctx.state.em, deps.site.id, { slug, limit: 100 });
    const heading = slug ? `Revisions of ${slug}` : 'Listing revisions';
    sendHtml(ctx, page(heading, revisionsBody(revisions), { siteName: deps.config.site.name, noindex: true }));
  });
  return router;
}

function revisionsBody(revisions: RevisionRow[]): Html {
  if (!revisions.length) return html`<p>No revisions yet.</p>`;
  const rows = revisions.map(
    (r) => html`<article class="revision" id="revision-${String(r.id)}">
<h2><a href="/listings/${r.listing_slug}">${r.listing_name}</a> <span class="muted">${r.created_at}</span></h2>
<p class="muted">By ${r.author ?? 'a deleted account'} with ${r.credential}${r.client_id ? html` (client ${r.client_id})` : ''}, request ${r.request_id ?? 'unknown'}. <a href="/admin/revisions?listing=${r.listing_slug}">All of this listing</a></p>
${changes(r)}
</article>`,
  );
  return joinHtml(rows, html`<hr>`);
}

function changes(r: RevisionRow): Html {
  const fields = Object.keys(r.after);
  if (!fields.length) return html`<p>No field changed.</p>`;
  const rows = fields.map(
    (field) =>
      html`<tr><th>${field}</th><td><pre class="before">${JSON.stringify(r.before[field], null, 2)}</pre></td><td><pre class="after">${JSON.stringify(r.after[field], null, 2)}</pre></td></tr>`,
  );
  return html`<div class="scroll"><table><thead><tr><th>Field</th><th>Before</th><th>After</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}
