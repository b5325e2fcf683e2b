import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import type { UserRow } from '../../../src/accounts/users.js';
import type { CategoryTree } from '../../../src/catalogue/schemas.js';
import { AppError, notFound } from '../../../src/errors.js';
import { html, type Html } from '../../../src/platform/html.js';
import type { AppDeps } from '../../deps.js';
import { listInterviewQuestions } from '../../operations/founders-and-blog.js';
import { listProducts } from '../../operations/orders.js';
import { getLaunchWeek, listCategories } from '../../operations/launches.js';
import { getMyListing } from '../../operations/my-listings.js';
import { listMyCases } from '../../operations/moderation.js';
import { listingCaseNotice } from '../moderation/case-pages.js';
import { csrfToken } from '../shared/csrf.js';
import { FormErrors } from '../shared/forms/field-errors.js';
import { launchFormOf, type LaunchForm } from './launch-form.js';
import { listingBody, type WeekChoice } from './listing-pages.js';
import { paramOf, type OwnerRouting } from './owner-routing.js';
import { runAsOwner } from './run-operation.js';

/** How many weeks, this one first, the paid launch's week picker offers. */
const pickerWeeks = 8;

/** A form's outcome shown on the listing page: a refusal with what was sent, or what the form did. */
export interface ListingPageOutcome {
  errors?: FormErrors;
  launch?: LaunchForm;
  sent?: Record<string, string>;
  notice?: Html;
}

const flatCategories = (nodes: CategoryTree['items']): { slug: string; name: string }[] =>
  nodes.flatMap((node) => [{ slug: node.slug, name: node.name }, ...flatCategories(node.subcategories)]);

const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A listing's owner page, read through the operations, with a form's outcome in place. */
export function listingView(deps: AppDeps, { render }: OwnerRouting) {
  const keys = deps.keys.cookieKeys;

  const listingIdOf = (ctx: Context): number => {
    const id = Number(/^[1-9]\d{0,9}$/.test(paramOf(ctx, 'id')) ? paramOf(ctx, 'id') : NaN);
    if (!(id <= 2_147_483_647)) throw notFound('The listing');
    return id;
  };

  /** The coming weeks with the paid places each has left, as get_launch_week answers them. */
  const weekChoices = async (ctx: Context, user: UserRow): Promise<WeekChoice[]> => {
    const read = (week: string) => runAsOwner(ctx, deps, user, getLaunchWeek, { path: { week }, query: { per_page: '1' } });
    const weeks = [await read('this')];
    while (weeks.length < pickerWeeks) weeks.push(await read(plusDays(weeks[0].week, 7 * weeks.length)));
    return weeks.map((w) => ({ week: w.week, paidLeft: w.open_slots?.paid ?? 0 }));
  };

  const show = async (ctx: Context, user: UserRow, id: number, outcome: ListingPageOutcome = {}) => {
    const listing = await runAsOwner(ctx, deps, user, getMyListing, { path: { listing_id: id } });
    // One after another: the operations share the request's EntityManager.
    const products = await runAsOwner(ctx, deps, user, listProducts);
    const weeks = await weekChoices(ctx, user);
    const tree = await runAsOwner(ctx, deps, user, listCategories);
    const questions = await runAsOwner(ctx, deps, user, listInterviewQuestions);
    const cases = await runAsOwner(ctx, deps, user, listMyCases, { query: { listing_id: String(id) } });
    render(
      ctx,
      `Your listing: ${listing.name}`,
      html`${listingCaseNotice(cases.items)}${listingBody(listing, {
        csrf: csrfToken(ctx, keys),
        products,
        weeks,
        categories: flatCategories(tree.items),
        questions: questions.items,
        errors: outcome.errors ?? FormErrors.none,
        launch: outcome.launch ?? launchFormOf(() => undefined),
        sent: outcome.sent ?? {},
        notice: outcome.notice ?? null,
        updateKey: randomUUID(),
        updateMailsPerDay: deps.config.updateMailsPerListingPerDay,
      })}`,
    );
  };

  /** A refusal the person can act on is shown on the listing's page, next to the control it names. */
  const refusedOn = async (
    ctx: Context,
    user: UserRow,
    id: number,
    error: unknown,
    sent: { launch?: LaunchForm; sent?: Record<string, string>; formKeyOf?: (path: string) => string } = {},
  ) => {
    if (!(error instanceof AppError) || (error.status !== 400 && error.status !== 409)) throw error;
    ctx.status = error.status;
    await show(ctx, user, id, { errors: FormErrors.of(error, sent.formKeyOf), launch: sent.launch, sent: sent.sent });
  };

  return { listingIdOf, show, refusedOn };
}
