import type Router from '@koa/router';
import type { Context } from 'koa';
import type { UserRow } from '../../../src/accounts/users.js';
import type { ListingStats } from '../../../src/analytics/schemas.js';
import { AppError } from '../../../src/errors.js';
import type { AppDeps } from '../../deps.js';
import { getMyListing } from '../../operations/my-listings.js';
import { getListingStats } from '../../operations/listing-stats.js';
import { FormErrors } from '../shared/forms/field-errors.js';
import { listingView } from './listing-view.js';
import type { OwnerRouting } from './owner-routing.js';
import { myListingStatsPath } from './paths.js';
import { runAsOwner } from './run-operation.js';
import { sendCsv } from '../shared/respond.js';
import { statsCsvHeader, statsCsvName, statsCsvRows } from './stats-csv.js';
import { statsBody } from './stats-page.js';

/** The range as asked for: only what the address names, so the operation applies its own defaults. */
function rangeQuery(ctx: Context): Record<string, unknown> {
  const { from, to } = ctx.query;
  return { ...(from !== undefined && { from }), ...(to !== undefined && { to }) };
}

/** A listing's numbers for its owner (get_listing_stats): the page with its charts, and the same rows as CSV. */
export function registerStatsRoutes(router: Router, deps: AppDeps, routing: OwnerRouting): void {
  const { pages, render, owner } = routing;
  const { listingIdOf } = listingView(deps, routing);
  const statsOf = (ctx: Context, user: UserRow, id: number): Promise<ListingStats> =>
    runAsOwner(ctx, deps, user, getListingStats, { path: { listing_id: id }, query: rangeQuery(ctx) });

  router.get('/me/listings/:id/stats', ...pages, async (ctx) => {
    const id = listingIdOf(ctx);
    const user = owner(ctx, `${myListingStatsPath(id)}${ctx.querystring ? `?${ctx.querystring}` : ''}`);
    if (!user) return;
    const listing = await runAsOwner(ctx, deps, user, getMyListing, { path: { listing_id: id } });
    const title = `Numbers for ${listing.name}`;
    try {
      const stats = await statsOf(ctx, user, id);
      render(ctx, title, statsBody(id, { from: stats.from, to: stats.to }, FormErrors.none, stats));
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 400) throw error;
      // A range the operation refuses is shown on the form, next to the date it names.
      ctx.status = 400;
      const asked = (key: string) => {
        const value = ctx.query[key];
        return typeof value === 'string' ? value : '';
      };
      const errors = FormErrors.of(error, (key) => key.replace(/^query\.?/, ''));
      render(ctx, title, statsBody(id, { from: asked('from'), to: asked('to') }, errors, null));
    }
  });

  router.get('/me/listings/:id/stats.csv', ...pages, async (ctx) => {
    const id = listingIdOf(ctx);
    const user = owner(ctx, `${myListingStatsPath(id)}${ctx.querystring ? `?${ctx.querystring}` : ''}`);
    if (!user) return;
    const stats = await statsOf(ctx, user, id);
    sendCsv(ctx, statsCsvName(stats), statsCsvHeader, statsCsvRows(stats));
  });
}
