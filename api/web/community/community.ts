import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { SessionPeople } from '../../../src/accounts/session-people.js';
import { HourlyLimit } from '../../../src/platform/hourly-limit.js';
import { setFollow } from '../../../src/community/follows.js';
import type { ToggleState } from '../../../src/community/target.js';
import { saveReview } from '../../../src/community/reviews.js';
import { castVote, withdrawVote, type VoteDeps } from '../../../src/community/votes.js';
import { parseReview } from '../../../src/domain/community.js';
import { AppError, notFound } from '../../../src/errors.js';
import type { AppDeps } from '../../deps.js';
import { listingPath, pathSlug, plural } from '../catalogue/catalogue-html.js';
import { reportPath } from '../moderation/report-pages.js';
import { communityScript } from './script.js';
import { verifyCsrf } from '../shared/csrf.js';
import { currentUser, sessionToken, webSession } from '../shared/session.js';
import { formField, parseForm } from '../shared/forms/parse-form.js';
import { htmlErrors } from '../shared/error-pages.js';

/** Sessions whose person a withdrawal can count at once: a few megabytes at most. */
const sessionPeopleKept = 50_000;

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
  const limit = new HourlyLimit(
    deps.orm.em.getConnection().getKnex(),
    deps.config.communityActionsPerHour,
    deps.config.rateLimit.syncMs,
    'votes, follows or reviews',
  );
  const votes: VoteDeps = {
    readPool: deps.readPool,
    writePool: deps.writePool,
    siteId,
    rules: deps.config.votes,
    networkKey: deps.keys.voteNetworkKey,
    limit,
    sessionPeople: new SessionPeople(sessionPeopleKept),
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
    await limit.consume([`community:${user.id}`]);
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

  // Review reports are cases now: the one report form takes them.
  router.get('/reviews/:id/report', (ctx) => {
    const id = reviewId.safeParse(ctx.params.id);
    if (!id.success) throw notFound('Review');
    ctx.status = 301;
    ctx.redirect(reportPath('review', id.data));
  });
  return router;
}
