import Router from '@koa/router';
import type { Context } from 'koa';
import { clickPlaceOf, outboundUrl, referrerHost } from '../../../src/domain/analytics.js';
import type { Requester, Visit } from '../../../src/analytics/counting.js';
import { notFound } from '../../../src/errors.js';
import type { AppDeps } from '../../deps.js';
import { getListing } from '../../operations/listings.js';
import { pathSlug, readOperation } from './catalogue-html.js';

/** Who is visiting, for the repeat guard: the address from the trusted-proxy logic, never a header. */
export function requesterOf(ctx: Context): Requester {
  const purpose = `${ctx.get('sec-purpose')} ${ctx.get('purpose')}`;
  return {
    address: ctx.ip,
    userAgent: ctx.get('user-agent') || undefined,
    preview: ctx.method === 'HEAD' || purpose.includes('prefetch'),
  };
}

/** Counts one visit of a listing; a fault in counting never costs the visitor their answer. */
export async function countVisit(ctx: Context, deps: AppDeps, visit: Visit): Promise<void> {
  try {
    await deps.traffic.count(visit, requesterOf(ctx));
  } catch (error) {
    ctx.state.log.warn({ err: error, kind: visit.kind }, 'a visit could not be counted');
  }
}

/**
 * `/go/<slug>?via=<place>` (`from` is read too): counts an outbound click and answers 302 to the
 * listing's own website, with `ref=<site key>`. Nothing of the request goes into the address sent
 * on, so it can send nobody anywhere else; a listing that is not public, or has no website, is 404.
 * The listing is get_listing's, from the profile cache that PostgreSQL's change notices keep true
 * (a take-down included), so a click costs no SQL of its own.
 */
export function goRouter(deps: AppDeps): Router {
  const router = new Router();
  router.get('/go/:slug', async (ctx) => {
    const slug = pathSlug(ctx.params.slug, `Listing ${ctx.params.slug}`);
    const listing = await readOperation(ctx, deps, getListing, { slug });
    const target = listing.website_url ? outboundUrl(listing.website_url, deps.site.key) : null;
    if (!target) throw notFound(`Listing ${slug}`);
    const place = clickPlaceOf(ctx.query.via ?? ctx.query.from);
    await countVisit(ctx, deps, {
      kind: 'click',
      listingId: listing.id,
      slug,
      place,
      referrerHost: referrerHost(ctx.get('referer') || undefined),
    });
    // Every click must reach this origin to be counted; no cache may answer it.
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 302;
    ctx.set('Location', target);
  });
  return router;
}
