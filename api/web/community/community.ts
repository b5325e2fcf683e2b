import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { CommunityActionLimit } from '../../../src/community/action-limit.js';
import { followToggle } from '../../../src/community/follows.js';
import { setToggle } from '../../../src/community/target.js';
import { reportReview, saveReview } from '../../../src/community/reviews.js';
import { networkHash, setVote } from '../../../src/community/votes.js';
import { parseReason, parseReview, reportReasonMaxLength } from '../../../src/domain/community.js';
import { AppError, notFound } from '../../../src/errors.js';
import { html } from '../../../src/platform/html.js';
import type { AppDeps } from '../../deps.js';
import { listingPath, pathSlug, plural } from '../catalogue/catalogue-html.js';
import { communityScript } from './script.js';
import { csrfToken, verifyCsrf } from '../shared/csrf.js';
import { form, page } from '../shared/layout.js';
import { sendHtml } from '../shared/respond.js';
import { currentUser, formField, htmlErrors, parseForm, webSession } from '../shared/session.js';

const reviewId = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * What people do on the site, never through the API: vote, follow, review, report a review. Every
 * write is a CSRF-checked form of a signed-in person, limited per account; a visitor is sent to
 * sign in and back. A form post answers with a redirect to the listing, or with JSON when the
 * enhancing script asks for it.
 */
export function communityRouter(deps: AppDeps): Router {
  const router = new Router();
  const keys = deps.keys.cookieKeys;
  const siteId = deps.site.id;
  const limit = new CommunityActionLimit(
    deps.orm.em.getConnection().getKnex(),
    deps.config.communityActionsPerHour,
    deps.config.rateLimit.syncMs,
  );

  router.get(communityScript.path, (ctx) => {
    ctx.type = 'text/javascript';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = communityScript.text;
  });

  router.use(htmlErrors(deps, { href: '/', label: 'Back to the home page' }), webSession());

  /** The signed-in person who sent a valid form, or undefined after sending a visitor to sign in. */
  const actor = async (ctx: Context, returnTo: string) => {
    verifyCsrf(ctx, keys, formField(ctx, 'csrf'));
    const user = currentUser(ctx);
    if (!user) {
      ctx.status = 303;
      ctx.redirect(`/sign-in?return_to=${encodeURIComponent(returnTo)}`);
      return undefined;
    }
    await limit.consume(user.id);
    return user;
  };

  // Vote and follow are the same kind of toggle: cast or withdraw, then the new (counted) count.
  const toggles = [
    {
      kind: 'vote',
      counted: 'community vote',
      set: (ctx: Context, slug: string, userId: number, wanted: boolean) =>
        setVote(
          ctx.state.em,
          deps.readPool,
          siteId,
          slug,
          userId,
          wanted,
          networkHash(ctx.ip, deps.keys.voteNetworkKey),
          deps.config.votes,
        ),
    },
    {
      kind: 'follow',
      counted: 'follower',
      set: (ctx: Context, slug: string, userId: number, wanted: boolean) =>
        setToggle(ctx.state.em, siteId, slug, userId, wanted, followToggle),
    },
  ] as const;
  for (const { kind, counted, set } of toggles) {
    router.post(`/listings/:slug/${kind}`, parseForm, async (ctx) => {
      const slug = pathSlug(ctx.params.slug, `Listing ${ctx.params.slug}`);
      const user = await actor(ctx, listingPath(slug));
      if (!user) return;
      const state = await set(ctx, slug, user.id, formField(ctx, 'on') !== '0');
      ctx.set('Cache-Control', 'no-store');
      if (ctx.accepts('html', 'json') === 'json') {
        ctx.body = { ...state, count_text: plural(state.count, counted) };
        return;
      }
      ctx.status = 303;
      ctx.redirect(`${listingPath(slug)}#${kind}`);
    });
  }

  router.post('/listings/:slug/review', parseForm, async (ctx) => {
    const slug = pathSlug(ctx.params.slug, `Listing ${ctx.params.slug}`);
    const user = await actor(ctx, `${listingPath(slug)}#reviews`);
    if (!user) return;
    const { review, problems } = parseReview(formField(ctx, 'rating'), formField(ctx, 'body'));
    if (!review)
      throw new AppError('invalid_input', 'The review needs a rating from 1 to 5 and at most 2000 characters of text.', problems);
    const id = await saveReview(ctx.state.em, siteId, slug, user.id, review);
    ctx.status = 303;
    ctx.redirect(`${listingPath(slug)}#review-${id}`);
  });

  router.get('/reviews/:id/report', (ctx) => {
    const id = reviewId.safeParse(ctx.params.id);
    if (!id.success) throw notFound('Review');
    const path = `/reviews/${id.data}/report`;
    if (!currentUser(ctx)) return ctx.redirect(`/sign-in?return_to=${encodeURIComponent(path)}`);
    ctx.set('Cache-Control', 'no-store');
    const fields = html`<p><label for="report-reason">What is wrong with this review?</label><br>
<textarea id="report-reason" name="reason" rows="4" required maxlength="${String(reportReasonMaxLength)}"></textarea></p>`;
    sendHtml(
      ctx,
      page(
        'Report a review',
        html`<p>The site team reads every report and takes abusive or fake reviews out of the rating.</p>${form(path, csrfToken(ctx, keys), fields, 'Send report')}`,
        {
          siteName: deps.config.site.name,
          noindex: true,
        },
      ),
    );
  });

  router.post('/reviews/:id/report', parseForm, async (ctx) => {
    const id = reviewId.safeParse(ctx.params.id);
    if (!id.success) throw notFound('Review');
    const user = await actor(ctx, `/reviews/${id.data}/report`);
    if (!user) return;
    const reason = parseReason(formField(ctx, 'reason'), reportReasonMaxLength);
    if (!reason)
      throw new AppError('invalid_input', `Say in 1 to ${reportReasonMaxLength} characters what is wrong with the review.`, [
        { path: 'reason', message: `1 to ${reportReasonMaxLength} characters` },
      ]);
    await reportReview(ctx.state.em, siteId, id.data, user.id, reason);
    ctx.set('Cache-Control', 'no-store');
    sendHtml(
      ctx,
      page('Thank you', html`<p>Your report reached the site team.</p><p><a href="/">Back to the home page</a></p>`, {
        siteName: deps.config.site.name,
        noindex: true,
      }),
    );
  });
  return router;
}
