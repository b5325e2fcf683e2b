import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { UserRow } from '../../../src/accounts/users.js';
import { AppError, notFound, type ListedElsewhere } from '../../../src/errors.js';
import type { AppDeps } from '../../deps.js';
import { rateLimit } from '../../middleware/rate-limit.js';
import { getDraft, submitDraft, submitListing, updateDraft } from '../../operations/drafts.js';
import { socialsInput } from '../../operations/draft-schemas.js';
import { csrfToken, verifyCsrf } from '../shared/csrf.js';
import { FormErrors } from '../shared/forms/field-errors.js';
import { parseFlatForm } from '../shared/forms/parse-form.js';
import { page } from '../shared/layout.js';
import { sendHtml } from '../shared/respond.js';
import { currentUser, webSession } from '../shared/session.js';
import { formField } from '../shared/forms/parse-form.js';
import { htmlErrors } from '../shared/error-pages.js';
import { ownerScripts } from './assets.js';
import {
  faqsEdit,
  fieldEdit,
  foundersEdit,
  regenerateEdit,
  sentFields,
  socialsEdit,
  type DraftEdit,
  type FormFields,
} from './draft-forms.js';
import { draftBody, draftTitle, isListField, type DraftPageState } from './draft-page.js';
import { registerListingContentRoutes } from './listing-content-routes.js';
import { registerListingRoutes } from './listing-routes.js';
import { registerOrderRoutes } from './order-routes.js';
import { paramOf, type OwnerRouting } from './owner-routing.js';
import { registerClaimRoutes } from './claim-routes.js';
import { registerStatsRoutes } from './stats-routes.js';
import { draftPath } from './paths.js';
import { runAsOwner } from './run-operation.js';
import { submitBody } from './submit-page.js';
import { submittedBody } from './submitted-page.js';

const draftId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The founder's pages: submit a website, watch the draft build, edit and submit it; then the
 * listings and orders (their own files). Every read and write is a registry operation run for
 * the signed-in person (runAsOwner), so the pages hold no rule of their own; every form is
 * CSRF-checked and works without scripts.
 */
export function ownerRouter(deps: AppDeps): Router {
  const router = new Router();
  const keys = deps.keys.cookieKeys;
  const pages: Middleware[] = [htmlErrors(deps, { href: '/submit', label: 'Back to submitting a product' }), webSession()];
  // Form posts start crawls and AI work: they share the API's budget per client address.
  const posts: Middleware[] = [...pages, rateLimit(deps), parseFlatForm];

  const render = (ctx: Context, title: string, body: Parameters<typeof page>[1]) => {
    ctx.set('Cache-Control', 'no-store');
    sendHtml(ctx, page(title, body, { siteName: deps.config.site.name, noindex: true }));
  };

  /** The signed-in person, or undefined after sending a visitor to sign in and come back. */
  const owner = (ctx: Context, returnTo: string): UserRow | undefined => {
    const user = currentUser(ctx);
    if (!user) {
      ctx.status = 303;
      ctx.redirect(`/sign-in?return_to=${encodeURIComponent(returnTo)}`);
    }
    return user ?? undefined;
  };

  /** A form post of a signed-in person: the CSRF token first, whoever sends it. */
  const formOwner = (ctx: Context, returnTo: string): UserRow | undefined => {
    verifyCsrf(ctx, keys, formField(ctx, 'csrf'));
    return owner(ctx, returnTo);
  };

  const idOf = (ctx: Context): string => {
    const id = paramOf(ctx, 'id');
    if (!draftId.test(id)) throw notFound('The draft');
    return id.toLowerCase();
  };

  for (const script of ownerScripts) {
    router.get(script.path, (ctx) => {
      ctx.type = 'text/javascript';
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = script.text;
    });
  }

  router.get('/submit', ...pages, (ctx) => {
    if (!owner(ctx, '/submit')) return;
    render(ctx, 'Submit your product', submitBody(csrfToken(ctx, keys), '', FormErrors.none));
  });

  router.post('/submit', ...posts, async (ctx) => {
    const user = formOwner(ctx, '/submit');
    if (!user) return;
    const url = formField(ctx, 'url') ?? '';
    try {
      const draft = await runAsOwner(ctx, deps, user, submitListing, { body: { url } });
      ctx.status = 303;
      ctx.redirect(draftPath(draft.id));
    } catch (error) {
      if (!(error instanceof AppError) || !['invalid_input', 'already_listed'].includes(error.code)) throw error;
      ctx.status = error.status;
      const title = error.code === 'already_listed' ? 'This product is already listed' : 'Submit your product';
      render(ctx, title, submitBody(csrfToken(ctx, keys), url, FormErrors.of(error), error.meta.listing));
    }
  });

  const showDraft = async (
    ctx: Context,
    user: UserRow,
    id: string,
    refused?: { errors: FormErrors; sent: Record<string, string>; listed?: ListedElsewhere },
  ) => {
    const draft = await runAsOwner(ctx, deps, user, getDraft, { path: { id } });
    const state: DraftPageState = {
      csrf: csrfToken(ctx, keys),
      errors: refused?.errors ?? FormErrors.none,
      sent: refused?.sent ?? {},
      listed: refused?.listed,
    };
    render(ctx, draftTitle(draft), draftBody(draft, state));
  };

  router.get('/me/drafts/:id', ...pages, async (ctx) => {
    const id = idOf(ctx);
    const user = owner(ctx, draftPath(id));
    if (user) await showDraft(ctx, user, id);
  });

  // The draft as get_draft answers it, for the page's script: same origin, the session's cookie.
  router.get('/me/drafts/:id/progress', webSession(), async (ctx) => {
    const user = currentUser(ctx);
    if (!user) throw new AppError('unauthorized', 'Sign in to follow this draft.');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await runAsOwner(ctx, deps, user, getDraft, { path: { id: idOf(ctx) } });
  });

  /** An edit form: update_draft with the body the form makes; refused, the page again with the messages in place. */
  const edit = (path: string, editOf: (form: FormFields, ctx: Context) => DraftEdit, anchorOf: (ctx: Context) => string) => {
    router.post(`/me/drafts/:id/${path}`, ...posts, async (ctx) => {
      const id = idOf(ctx);
      const user = formOwner(ctx, draftPath(id));
      if (!user) return;
      const form = (ctx.request.body ?? {}) as FormFields;
      const change = editOf(form, ctx);
      try {
        await runAsOwner(ctx, deps, user, updateDraft, { path: { id }, body: change.body });
      } catch (error) {
        if (!(error instanceof AppError) || (error.status !== 400 && error.status !== 409)) throw error;
        ctx.status = error.status;
        return showDraft(ctx, user, id, { errors: FormErrors.of(error, change.formKeyOf), sent: sentFields(form) });
      }
      ctx.status = 303;
      ctx.redirect(`${draftPath(id)}#${anchorOf(ctx)}`);
    });
  };
  const section = (name: string) => () => `${name}-heading`;
  edit(
    'fields/:name',
    (form, ctx) => fieldEdit(form, paramOf(ctx, 'name'), isListField(paramOf(ctx, 'name'))),
    (ctx) => `field-${paramOf(ctx, 'name')}`,
  );
  edit('regenerate', regenerateEdit, section('regenerate'));
  edit('faqs', faqsEdit, section('faqs'));
  edit('founders', foundersEdit, section('founders'));
  edit('socials', (form) => socialsEdit(form, socialsInput.keyType.options), section('socials'));

  router.post('/me/drafts/:id/submit', ...posts, async (ctx) => {
    const id = idOf(ctx);
    const user = formOwner(ctx, draftPath(id));
    if (!user) return;
    try {
      await runAsOwner(ctx, deps, user, submitDraft, { path: { id } });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'already_listed') throw error;
      ctx.status = error.status;
      return showDraft(ctx, user, id, { errors: FormErrors.of(error), sent: {}, listed: error.meta.listing });
    }
    ctx.status = 303;
    ctx.redirect(`${draftPath(id)}/submitted`);
  });

  router.get('/me/drafts/:id/submitted', ...pages, async (ctx) => {
    const id = idOf(ctx);
    const user = owner(ctx, `${draftPath(id)}/submitted`);
    if (!user) return;
    const draft = await runAsOwner(ctx, deps, user, getDraft, { path: { id } });
    if (draft.listing_id === null) return ctx.redirect(draftPath(id));
    render(ctx, 'Your listing is saved', submittedBody(draft, draft.listing_id));
  });
  const routing: OwnerRouting = { pages, posts, render, owner, formOwner };
  registerListingRoutes(router, deps, routing);
  registerListingContentRoutes(router, deps, routing);
  registerStatsRoutes(router, deps, routing);
  registerOrderRoutes(router, deps, routing);
  registerClaimRoutes(router, deps, routing);
  return router;
}
