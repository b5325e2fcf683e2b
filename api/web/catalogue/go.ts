import Router from '@koa/router';
import type { Context } from 'koa';
import { clickPlaceOf, outboundUrl, referrerHost, type TrafficKind } from '../../../src/domain/analytics.js';
import type { Requester } from '../../../src/analytics/counting.js';
import { notFound } from '../../../src/errors.js';
import type { AppDeps } from '../../deps.js';
import { pathSlug } from './catalogue-html.js';

/** Who is visiting, for the repeat guard: the address from the trusted-proxy logic, never a header. */
export function requesterOf(ctx: Context): Requester {
  const purpose = `${ctx.get('sec-purpose')} ${ctx.get('purpose')}`;
  return {
    address: ctx.ip,
    userAgent: ctx.get('user-agent') || undefined,
    preview: ctx.method === 'HEAD' || purpose.includes('prefetch'),
  };
}

/** Counts one visit of a listing's page or badge; a fault in counting never costs the visitor the page. */
export async function countVisit(ctx: Context, deps: AppDeps, kind: Exclude<TrafficKind, 'click'>, slug: string): Promise<void> {
  try {
    await deps.traffic.count({ kind, slug, place: '', referrerHost: null }, requesterOf(ctx));
  } catch (error) {
    ctx.state.log.warn({ err: error, kind }, 'a visit could not be counted');
  }
}

/**
 * `/go/<slug>?via=<place>` (`from` is read too): counts an outbound click and answers 302 to the
 * listing's own website, with `ref=<site key>`. Nothing of the request goes into the address sent
 * on, so it can send nobody anywhere else; a listing that is not public, or has no website, is 404.
 */
export function goRouter(deps: AppDeps): Router {
  const router = new Router();
  router.get('/go/:slug', async (ctx) => {
    const slug = pathSlug(ctx.params.slug, `Listing ${ctx.params.slug}`);
    const place = clickPlaceOf(ctx.query.via ?? ctx.query.from);
    const found = await deps.traffic.count(
      { kind: 'click', slug, place, referrerHost: referrerHost(ctx.get('referer') || undefined) },
      requesterOf(ctx),
    );
    const target = found?.website ? outboundUrl(found.website, deps.site.key) : null;
    if (!target) throw notFound(`Listing ${slug}`);
    // Every click must reach this origin to be counted; no cache may answer it.
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 302;
    ctx.set('Location', target);
  });
  return router;
}
