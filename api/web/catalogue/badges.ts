import Router from '@koa/router';
import { badgeSvg, parseBadgeFileName } from '../../../src/domain/badges.js';
import { notFound } from '../../../src/errors.js';
import { badgeSubject } from '../../../src/catalogue/badges.js';
import { slug as slugSchema } from '../../operations/common.js';
import type { AppDeps } from '../../deps.js';
import { countVisit } from './go.js';

/** Badge images at stable public URLs: /badges/<listing slug>/<shape>-<mode>-<size>.svg */
export function badgesRouter(deps: AppDeps): Router {
  const router = new Router();
  router.get('/badges/:slug/:file', async (ctx) => {
    const style = parseBadgeFileName(ctx.params.file);
    if (!style || !slugSchema.safeParse(ctx.params.slug).success) throw notFound('Badge');
    const subject = await badgeSubject(ctx.state.em, deps.site.id, deps.site.name, deps.config.publicUrl, ctx.params.slug, {
      images: true,
    });
    // Our own pages show badges too (the owner's preview): an impression is one on another site.
    if (ctx.get('sec-fetch-site') !== 'same-origin')
      await countVisit(ctx, deps, {
        kind: 'badge',
        listingId: subject.listingId,
        slug: subject.listingSlug,
        place: '',
        referrerHost: null,
      });
    ctx.type = 'image/svg+xml';
    // At most 5 minutes: a listing taken down must not keep its badge in caches for long.
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.body = badgeSvg(subject, style);
  });
  return router;
}
