import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { html } from '../../../src/platform/html.js';
import type { AppDeps } from '../../deps.js';
import { getMyListing, listMyListings, updateMyListing } from '../../operations/my-listings.js';
import { createCheckout, quoteOrder } from '../../operations/orders.js';
import { chooseFreeListing } from '../../operations/publishing.js';
import { csrfToken } from '../shared/csrf.js';
import { formField } from '../shared/forms/parse-form.js';
import { launchFormKeyOf, launchFormOf, launchOrderBody } from './launch-form.js';
import { listingEditBody, sentEdits } from './listing-edit-form.js';
import { listingsBody, quoteBody } from './listing-pages.js';
import { listingView } from './listing-view.js';
import { postedValue, type OwnerRouting } from './owner-routing.js';
import { myListingPath, myOrderPath } from './paths.js';
import { runAsOwner } from './run-operation.js';

const checkoutKey = /^[0-9a-f-]{36}$/;

/** My listings and a listing's page: list_my_listings, get_my_listing, choose_free_listing, quote_order, create_checkout, update_my_listing. */
export function registerListingRoutes(router: Router, deps: AppDeps, routing: OwnerRouting): void {
  const { pages, posts, render, owner, formOwner } = routing;
  const keys = deps.keys.cookieKeys;
  const { listingIdOf, show, refusedOn } = listingView(deps, routing);
  const pageQuery = (ctx: Context) => (typeof ctx.query.page === 'string' ? { page: ctx.query.page } : {});
  const launchOf = (ctx: Context) => launchFormOf((key) => postedValue(ctx, key));

  router.get('/me/listings', ...pages, async (ctx) => {
    const user = owner(ctx, '/me/listings');
    if (!user) return;
    const listings = await runAsOwner(ctx, deps, user, listMyListings, { query: pageQuery(ctx) });
    render(ctx, 'Your listings', listingsBody(listings.items));
  });

  router.get('/me/listings/:id', ...pages, async (ctx) => {
    const id = listingIdOf(ctx);
    const user = owner(ctx, myListingPath(id));
    if (user) await show(ctx, user, id);
  });

  // Choosing the free plan, and for a queued listing "Check now": the same operation checks the gates again.
  router.post('/me/listings/:id/free', ...posts, async (ctx) => {
    const id = listingIdOf(ctx);
    const user = formOwner(ctx, myListingPath(id));
    if (!user) return;
    try {
      await runAsOwner(ctx, deps, user, chooseFreeListing, { path: { listing_id: id } });
    } catch (error) {
      return refusedOn(ctx, user, id, error);
    }
    ctx.status = 303;
    ctx.redirect(`${myListingPath(id)}#next-step`);
  });

  router.post('/me/listings/:id/quote', ...posts, async (ctx) => {
    const id = listingIdOf(ctx);
    const user = formOwner(ctx, myListingPath(id));
    if (!user) return;
    const launch = launchOf(ctx);
    const listing = await runAsOwner(ctx, deps, user, getMyListing, { path: { listing_id: id } });
    try {
      const quote = await runAsOwner(ctx, deps, user, quoteOrder, { body: launchOrderBody(id, launch) });
      render(
        ctx,
        `The price of launching ${listing.name}`,
        quoteBody(listing, quote, launch, csrfToken(ctx, keys), randomUUID()),
      );
    } catch (error) {
      await refusedOn(ctx, user, id, error, { launch, formKeyOf: launchFormKeyOf });
    }
  });

  router.post('/me/listings/:id/checkout', ...posts, async (ctx) => {
    const id = listingIdOf(ctx);
    const user = formOwner(ctx, myListingPath(id));
    if (!user) return;
    const launch = launchOf(ctx);
    const key = formField(ctx, 'checkout_key') ?? '';
    try {
      const order = await runAsOwner(
        ctx,
        deps,
        user,
        createCheckout,
        { body: launchOrderBody(id, launch) },
        checkoutKey.test(key) ? `web-checkout-${key}` : undefined,
      );
      ctx.status = 303;
      ctx.redirect(order.checkout_url ?? myOrderPath(order.number));
    } catch (error) {
      await refusedOn(ctx, user, id, error, { launch, formKeyOf: launchFormKeyOf });
    }
  });

  router.post('/me/listings/:id/edit', ...posts, async (ctx) => {
    const id = listingIdOf(ctx);
    const user = formOwner(ctx, myListingPath(id));
    if (!user) return;
    const read = (key: string) => formField(ctx, key);
    const listing = await runAsOwner(ctx, deps, user, getMyListing, { path: { listing_id: id } });
    const body = listingEditBody(listing, read);
    let saved;
    try {
      saved = await runAsOwner(ctx, deps, user, updateMyListing, { path: { listing_id: id }, body });
    } catch (error) {
      return refusedOn(ctx, user, id, error, { sent: sentEdits(read) });
    }
    if (!body.apply_to) {
      ctx.status = 303;
      return ctx.redirect(`${myListingPath(id)}#edit-heading`);
    }
    // Where the copies went is known only now: the page answers with it.
    const copies = saved.applied_to.map((a) => html`<li>${a.site}: ${a.slug} (${a.fields.join(', ') || 'nothing changed'})</li>`);
    await show(ctx, user, id, {
      notice: copies.length
        ? html`<p>Saved, and copied to:</p><ul id="applied-to">${copies}</ul>`
        : html`<p>Saved. Nothing was copied: this company has no listing of yours on those sites, or no copied field changed.</p>`,
    });
  });
}
