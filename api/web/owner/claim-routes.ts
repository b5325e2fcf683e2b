import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { UserRow } from '../../../src/accounts/users.js';
import type { ClaimView } from '../../../src/claims/schemas.js';
import { AppError, notFound } from '../../../src/errors.js';
import type { AppDeps } from '../../deps.js';
import { rateLimit } from '../../middleware/rate-limit.js';
import { claimListing, getClaim, listMyClaims, verifyClaim } from '../../operations/claims.js';
import { getListing } from '../../operations/listings.js';
import { pager, pathSlug } from '../catalogue/catalogue-html.js';
import { csrfToken } from '../shared/csrf.js';
import { FormErrors } from '../shared/forms/field-errors.js';
import { parseFlatForm } from '../shared/forms/parse-form.js';
import { formField } from '../shared/forms/parse-form.js';
import { htmlErrors } from '../shared/error-pages.js';
import { webSession } from '../shared/session.js';
import { claimBody, claimFormBody, claimsBody, type ClaimForm } from './claim-pages.js';
import { paramOf, type OwnerRouting } from './owner-routing.js';
import { myClaimPath } from './paths.js';
import { runAsOwner } from './run-operation.js';
import { claimPath } from './submit-page.js';

/** Where a claim page says the person already had an open claim on the listing. */
const alreadyOpen = 'already_open';

/**
 * Claiming a listing on the website: choose the proof and start claim_listing, follow the claim
 * (its instructions, last check, Check now through verify_claim), and list the person's claims.
 * Like every owner page, each read and write is a registry operation run for the signed-in person.
 */
export function registerClaimRoutes(router: Router, deps: AppDeps, { owner, formOwner, render }: OwnerRouting): void {
  const keys = deps.keys.cookieKeys;
  const pages: Middleware[] = [htmlErrors(deps, { href: '/me/claims', label: 'Back to your claims' }), webSession()];
  // Claims start checks of other websites and DNS: the posts share the API's budget per client address.
  const posts: Middleware[] = [...pages, rateLimit(deps), parseFlatForm];

  const slugOf = (ctx: Context) => pathSlug(paramOf(ctx, 'slug'), `Listing ${paramOf(ctx, 'slug')}`);
  const claimIdOf = (ctx: Context): number => {
    const id = Number(/^[1-9]\d{0,9}$/.test(paramOf(ctx, 'id')) ? paramOf(ctx, 'id') : NaN);
    if (!(id <= 2_147_483_647)) throw notFound('The claim');
    return id;
  };

  /** The person's open claim on a listing, looked up in list_my_claims (claims are read by id or as a list). */
  const myClaim = async (ctx: Context, user: UserRow, matches: (claim: ClaimView) => boolean) => {
    for (let number = 1; ; number++) {
      const claims = await runAsOwner(ctx, deps, user, listMyClaims, { query: { page: number, per_page: 100 } });
      const found = claims.items.find(matches);
      if (found || number >= claims.total_pages) return found;
    }
  };

  const showForm = async (ctx: Context, user: UserRow, slug: string, sent: ClaimForm, errors: FormErrors) => {
    const listing = await runAsOwner(ctx, deps, user, getListing, { path: { slug } });
    render(ctx, `Claim ${listing.name}`, claimFormBody(listing, csrfToken(ctx, keys), sent, errors));
  };

  router.get('/listings/:slug/claim', ...pages, async (ctx) => {
    const slug = slugOf(ctx);
    const user = owner(ctx, claimPath(slug));
    if (!user) return;
    // One open claim per person and listing: the one there is, rather than a form for a second.
    const open = await myClaim(ctx, user, (claim) => claim.slug === slug && claim.status === 'pending');
    if (open) {
      ctx.status = 303;
      return ctx.redirect(`${myClaimPath(open.id)}?${alreadyOpen}=1`);
    }
    await showForm(ctx, user, slug, { method: 'dns', email: '' }, FormErrors.none);
  });

  router.post('/listings/:slug/claim', ...posts, async (ctx) => {
    const slug = slugOf(ctx);
    const user = formOwner(ctx, claimPath(slug));
    if (!user) return;
    const sent: ClaimForm = { method: formField(ctx, 'method') ?? '', email: formField(ctx, 'email') ?? '' };
    // The address goes with the email method only; typed and then another method chosen, it is left out.
    const body =
      sent.method === 'email' ? { slug, method: sent.method, email: sent.email.trim() } : { slug, method: sent.method };
    try {
      const claim = await runAsOwner(ctx, deps, user, claimListing, { body });
      ctx.status = 303;
      ctx.redirect(claim.method === sent.method ? myClaimPath(claim.id) : `${myClaimPath(claim.id)}?${alreadyOpen}=1`);
    } catch (error) {
      if (!(error instanceof AppError) || (error.status !== 400 && error.status !== 409)) throw error;
      ctx.status = error.status;
      await showForm(ctx, user, slug, sent, FormErrors.of(error));
    }
  });

  router.get('/me/claims', ...pages, async (ctx) => {
    const user = owner(ctx, '/me/claims');
    if (!user) return;
    const query = typeof ctx.query.page === 'string' ? { page: ctx.query.page } : {};
    const claims = await runAsOwner(ctx, deps, user, listMyClaims, { query });
    render(ctx, 'Your claims', claimsBody(claims.items, pager('/me/claims', {}, claims)));
  });

  router.get('/me/claims/:id', ...pages, async (ctx) => {
    const id = claimIdOf(ctx);
    const user = owner(ctx, myClaimPath(id));
    if (!user) return;
    const claim = await runAsOwner(ctx, deps, user, getClaim, { path: { claim_id: id } });
    render(ctx, `Your claim on ${claim.slug}`, claimBody(claim, csrfToken(ctx, keys), ctx.query[alreadyOpen] === '1'));
  });

  router.post('/me/claims/:id/check', ...posts, async (ctx) => {
    const id = claimIdOf(ctx);
    const user = formOwner(ctx, myClaimPath(id));
    if (!user) return;
    await runAsOwner(ctx, deps, user, verifyClaim, { path: { claim_id: id }, body: {} });
    ctx.status = 303;
    ctx.redirect(`${myClaimPath(id)}#check`);
  });
}
