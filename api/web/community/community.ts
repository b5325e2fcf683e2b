import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { CommunityActionLimit } from '../../../src/community/action-limit.js';
import { setFollow } from '../../../src/community/follows.js';
import type { ToggleState } from '../../../src/community/target.js';
import { reportReview, saveReview } from '../../../src/community/reviews.js';
import { castVote, withdrawVote, type VoteDeps } from '../../../src/community/votes.js';
import { parseReason, parseReview, reportReasonMaxLength } from '../../../src/domain/community.js';
import { AppError, notFound } from '../../../src/errors.js';
import { html } from '../../../src/platform/html.js';
import type { AppDeps } from '../../deps.js';
import { listingPath, pathSlug, plural } from '../catalogue/catalogue-html.js';
import { communityScript } from './script.js';
import { csrfToken, verifyCsrf } from '../shared/csrf.js';
import { form, page } from '../shared/layout.js';
import { sendHtml } from '../shared/respond.js';
import { currentUser, sessionToken, webSession } from '../shared/session.js';
import { formField, parseForm } from '../shared/forms/parse-form.js';
import { htmlErrors } from '../shared/error-pages.js';

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
  const votes: VoteDeps = {
    readPool: deps.readPool,
    writePool: deps.writePool,
    siteId,
    rules: deps.config.votes,
    networkKey: deps.keys.voteNetworkKey,
    limit,
  };

  router.get(communityScript.path, (ctx) => {
    ctx.type = 'text/javascript';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = communityScript.text;
  });

  router.use(htmlErrors(deps, { href: '/', label: 'Back to the home page' }));

  /** A visitor is sent to sign in, and back to where they were. */
  const toSignIn = (ctx: Context, returnTo: string) => {
    ctx.status = 303;
    ctx.redirect(`/sign-in?return_to=${encodeURIComponent(returnTo)}`);
  };

  /** The signed-in person who sent a valid form, or undefined after sending a visitor to sign in. */
  const actor = async (ctx: Context, returnTo: string) => {
    verifyCsrf(ctx, keys, formField(ctx, 'csrf'));
    const user = currentUser(ctx);
    if (!user) return toSignIn(ctx, returnTo);
    await limit.consume(user.id);
    return user;
  };

  /** A toggle's answer: the new state as JSON when the enhancing script asks, else back to the listing. */
  const toggled = (ctx: Context, slug: string, kind: 'vote' | 'follow', counted: string, state: ToggleState) => {
    ctx.set('Cache-Control', 'no-store');
    if (ctx.accepts('html', 'json') === 'json') {
      ctx.body = { ...state, count_text: plural(state.count, counted) };
      return;
    }
    ctx.status = 303;
    ctx.redirect(`${listingPath(slug)}#${kind}`);
  };

  // The form's token is checked before anything is read; the intent then checks the session itself.
  router.post('/listings/:slug/vote', parseForm, async (ctx) => {
    const slug = pathSlug(ctx.params.slug, `Listing ${ctx.params.slug}`);
    verifyCsrf(ctx, keys, formField(ctx, 'csrf'));
    const vote = formField(ctx, 'on') === '0' ? withdrawVote : castVote;
    const state = await vote(votes, { slug, sessionToken: sessionToken(ctx), address: ctx.ip });
    if (!state) return toSignIn(ctx, listingPath(slug));
    toggled(ctx, slug, 'vote', 'community vote', state);
  });

  router.use(webSession());

  router.post('/listings/:slug/follow', parseForm, async (ctx) => {
    const slug = pathSlug(ctx.params.slug, `Listing ${ctx.params.slug}`);
    const user = await actor(ctx, listingPath(slug));
    if (!user) return;
    toggled(ctx, slug, 'follow', 'follower', await setFollow(ctx.state.em, siteId, slug, user.id, formField(ctx, 'on') !== '0'));
  });

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
