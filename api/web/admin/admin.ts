import Router from '@koa/router';
import type { Middleware } from 'koa';
import { AppError } from '../../../src/errors.js';
import { listRevisions, type RevisionRow } from '../../../src/listings/revisions.js';
import { dollars } from '../../../src/domain/money.js';
import { orderStatuses, type OrderStatus } from '../../../src/domain/order-status.js';
import { listSiteOrders, type AdminOrderRow } from '../../../src/orders/admin.js';
import { html, joinHtml, type Html } from '../../../src/platform/html.js';
import type { AppDeps } from '../../deps.js';
import { form, hidden, page } from '../shared/layout.js';
import { z } from 'zod';
import { flagReview, reportedReviews, type ReportedReview } from '../../../src/community/reviews.js';
import { csrfToken, verifyCsrf } from '../shared/csrf.js';
import { sendHtml } from '../shared/respond.js';
import { currentUser, webSession } from '../shared/session.js';
import { formField, parseForm } from '../shared/forms/parse-form.js';
import { htmlErrors } from '../shared/error-pages.js';

/** In front of every admin page: signed in with the role admin, or 404 as if the page did not exist. */
export function adminOnly(deps: AppDeps): Middleware[] {
  return [
    htmlErrors(deps, { href: '/', label: 'Back to the home page' }),
    webSession(),
    async (ctx, next) => {
      if (!currentUser(ctx)?.admin) throw new AppError('not_found', 'This page was not found.');
      ctx.set('Cache-Control', 'no-store');
      await next();
    },
  ];
}

/**
 * The site team's pages, for accounts with the role admin (`npm run cli -- user grant-admin`).
 * Anyone else, signed in or not, gets 404: the pages do not exist for them.
 */
export function adminRouter(deps: AppDeps): Router {
  const router = new Router({ prefix: '/admin' });
  router.use(...adminOnly(deps));

  // Every owner edit with its before and after copy, newest first; ?listing=<slug> for one listing.
  router.get('/revisions', async (ctx) => {
    const slug = typeof ctx.query.listing === 'string' && ctx.query.listing ? ctx.query.listing.slice(0, 220) : undefined;
    const revisions = await listRevisions(ctx.state.em, deps.site.id, { slug, limit: 100 });
    const heading = slug ? `Revisions of ${slug}` : 'Listing revisions';
    sendHtml(ctx, page(heading, revisionsBody(revisions), { siteName: deps.config.site.name, noindex: true }));
  });

  // Every order, newest first; ?status=<status> for one status. Refunds: npm run cli -- order refund <number>.
  router.get('/orders', async (ctx) => {
    const status = (orderStatuses as readonly string[]).includes(String(ctx.query.status))
      ? (ctx.query.status as OrderStatus)
      : undefined;
    const orders = await listSiteOrders(ctx.state.em, deps.site.id, status, 200);
    sendHtml(
      ctx,
      page(status ? `Orders: ${status}` : 'Orders', ordersBody(orders), { siteName: deps.config.site.name, noindex: true }),
    );
  });

  // Reviews people reported, most reported first; flagging one takes it out of the community rating.
  router.get('/reviews', async (ctx) => {
    const reviews = await reportedReviews(ctx.state.em, deps.site.id);
    const csrf = csrfToken(ctx, deps.keys.cookieKeys);
    sendHtml(ctx, page('Reported reviews', reportedBody(reviews, csrf), { siteName: deps.config.site.name, noindex: true }));
  });

  router.post('/reviews/:id/flag', parseForm, async (ctx) => {
    verifyCsrf(ctx, deps.keys.cookieKeys, formField(ctx, 'csrf'));
    const id = z.coerce.number().int().positive().max(2_147_483_647).safeParse(ctx.params.id);
    if (!id.success || !(await flagReview(ctx.state.em, id.data, formField(ctx, 'flagged') === '1')))
      throw new AppError('not_found', 'That review was not found.');
    ctx.status = 303;
    ctx.redirect('/admin/reviews');
  });
  return router;
}

function ordersBody(orders: AdminOrderRow[]): Html {
  const filters = joinHtml(
    orderStatuses.map((s) => html`<a href="/admin/orders?status=${s}">${s}</a>`),
    ' · ',
  );
  if (!orders.length) return html`<p>${filters}</p><p>No orders.</p>`;
  const rows = orders.map(
    (o) =>
      html`<tr id="order-${o.number}"><td>${o.number}</td><td>${o.status}</td><td>${o.email}</td><td>${o.products.join(', ')}</td><td>${o.billing_country}</td>
<td>${dollars(o.total_cents)}</td><td>${dollars(o.vat_cents)}</td><td>${o.promo_code ?? ''}</td><td>${o.invoice_number ?? ''}</td><td>${o.created_at}</td><td>${o.paid_at ?? ''}</td></tr>`,
  );
  return html`<p>${filters}</p><div class="scroll"><table><thead><tr><th>Number</th><th>Status</th><th>Buyer</th><th>Products</th><th>Country</th><th>Total</th><th>VAT</th><th>Promo</th><th>Invoice</th><th>Created</th><th>Paid</th></tr></thead>
<tbody>${rows}</tbody></table></div><p class="muted">Refund an order with <code>npm run cli -- order refund &lt;number&gt;</code>.</p>`;
}

function reportedBody(reviews: ReportedReview[], csrf: string): Html {
  if (!reviews.length) return html`<p>No review has been reported.</p>`;
  const rows = reviews.map(
    (r) => html`<article class="reported" id="review-${String(r.id)}">
<h2><a href="/listings/${r.listing_slug}#review-${String(r.id)}">${r.listing_name}</a>: ${r.rating} of 5 <span class="muted">${r.reports} report(s)${r.flagged && ', flagged'}</span></h2>
<p class="pre">${r.body || '(no text)'}</p>
<ul>${r.reasons.map((reason) => html`<li>${reason}</li>`)}</ul>
${form(`/admin/reviews/${String(r.id)}/flag`, csrf, hidden('flagged', r.flagged ? '0' : '1'), r.flagged ? 'Count it again' : 'Flag: leave it out of the rating', 'inline')}
</article>`,
  );
  return joinHtml(rows, html`<hr>`);
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
