import Router from '@koa/router';
import type { Context } from 'koa';
import { appealWindowMs, explanationMaxLength, type RecordedAction } from '../../../src/domain/moderation.js';
import type { UserRow } from '../../../src/accounts/users.js';
import { AppError } from '../../../src/errors.js';
import { html, type Html } from '../../../src/platform/html.js';
import { appealCase, type MyCase } from '../../../src/moderation/appeals.js';
import { listMyCases } from '../../operations/moderation.js';
import { runAsOwner } from '../owner/run-operation.js';
import type { AppDeps } from '../../deps.js';
import { csrfToken, verifyCsrf } from '../shared/csrf.js';
import { textControl } from '../shared/forms/controls.js';
import { FormErrors } from '../shared/forms/field-errors.js';
import { form, page } from '../shared/layout.js';
import { sendHtml } from '../shared/respond.js';
import { currentUser, webSession } from '../shared/session.js';
import { formField, parseForm } from '../shared/forms/parse-form.js';
import { htmlErrors } from '../shared/error-pages.js';

const actionWords: Record<RecordedAction, string> = {
  dismiss: 'Dismissed: nothing was changed',
  restrict: 'Restricted: the page stays, with a notice, but is left out of search, lists and feeds',
  take_down: 'Taken down',
  reverse: 'Reversed: the earlier decision was undone',
};

/** The statement of reasons of a case's decision in force (Art. 17 DSA), as the person affected reads it. */
export function statementOfReasons(c: Pick<MyCase, 'action' | 'ground' | 'facts' | 'automated' | 'decided_at'>): Html {
  if (!c.action) return html`<p>No decision yet: the site team will write when there is one.</p>`;
  const rule = c.ground && !c.ground.startsWith('law:') ? html` (<a href="/rules#rule-${c.ground}">site rules</a>)` : null;
  return html`<dl class="reasons"><dt>Decision</dt><dd>${actionWords[c.action]}</dd>
<dt>Ground</dt><dd>${c.ground}${rule}</dd>
<dt>Facts and circumstances</dt><dd>${c.facts}</dd>
<dt>Made</dt><dd>${c.automated ? 'by automated means' : 'by a person'}, ${c.decided_at}</dd></dl>`;
}

/** On the owner's page of a listing: the statements of reasons of decisions about it (list_my_cases), and where to appeal. */
export function listingCaseNotice(cases: readonly MyCase[]): Html | null {
  const decided = cases.filter((c) => c.role === 'owner' && c.action && c.action !== 'dismiss');
  if (!decided.length) return null;
  return html`<section class="notice" aria-labelledby="moderation-heading"><h2 id="moderation-heading">Decisions of the site team</h2>
${decided.map((c) => html`<h3>Case ${c.number}</h3>${statementOfReasons(c)}`)}
<p>You may appeal each decision once within 6 months at <a href="/me/cases">your cases</a>.</p></section>`;
}

/** Whether the person may still appeal this case's decision from the page; the intent checks again. */
function appealable(c: MyCase, now: Date): boolean {
  if (c.state !== 'decided' || c.appealed || !c.action || !c.decided_at) return false;
  if (now.getTime() - Date.parse(c.decided_at) > appealWindowMs) return false;
  return c.role === 'owner' ? c.action !== 'reverse' : c.action === 'dismiss';
}

/**
 * /me/cases: the cases that concern the signed-in person (decisions about their content, cases
 * their reports opened), each with its statement of reasons and, while it may be made, an appeal
 * form (Art. 20 DSA) that calls the appeal intent.
 */
export function casePagesRouter(deps: AppDeps): Router {
  const router = new Router();
  const siteName = deps.config.site.name;
  router.use(htmlErrors(deps, { href: '/me/cases', label: 'Back to your cases' }), webSession());

  const signedIn = (ctx: Context): UserRow | null => {
    const user = currentUser(ctx);
    if (!user) {
      ctx.status = 303;
      ctx.redirect('/sign-in?return_to=%2Fme%2Fcases');
    }
    return user;
  };

  router.get('/me/cases', async (ctx) => {
    const user = signedIn(ctx);
    if (user) await show(ctx, user, null);
  });

  router.post('/me/cases/:number/appeal', parseForm, async (ctx) => {
    verifyCsrf(ctx, deps.keys.cookieKeys, formField(ctx, 'csrf'));
    const user = signedIn(ctx);
    if (!user) return;
    const number = String(ctx.params.number);
    const explanation = (formField(ctx, 'explanation') ?? '').trim();
    const problem =
      explanation.length === 0
        ? 'Say why the decision should change.'
        : explanation.length > explanationMaxLength
          ? `At most ${explanationMaxLength} characters.`
          : null;
    if (problem) {
      ctx.status = 400;
      return show(ctx, user, { number, explanation, errors: FormErrors.of(fieldProblem(problem)) });
    }
    // The appeal's one call: it records the appeal, mails and tells the case's lifecycle itself.
    await appealCase(
      {
        ...deps,
        em: ctx.state.em,
        siteId: deps.site.id,
        operatorEmail: deps.config.mail.operator,
        publicUrl: deps.config.publicUrl,
      },
      { userId: user.id, email: user.email },
      number,
      explanation,
    );
    ctx.status = 303;
    ctx.redirect(`/me/cases#case-${number}`);
  });

  const show = async (
    ctx: Context,
    user: UserRow,
    failed: { number: string; explanation: string; errors: FormErrors } | null,
  ): Promise<void> => {
    const { items: cases } = await runAsOwner(ctx, deps, user, listMyCases);
    const csrf = csrfToken(ctx, deps.keys.cookieKeys);
    const now = new Date();
    const items = cases.map((c) => {
      const mine = failed?.number === c.number ? failed : null;
      const what = c.listing_slug
        ? html`${c.kind === 'listing' ? 'the listing' : `a ${c.kind} of`} <a href="/listings/${c.listing_slug}">${c.listing_name}</a>`
        : html`a ${c.kind}`;
      const appeal = appealable(c, now)
        ? form(
            `/me/cases/${c.number}/appeal`,
            csrf,
            textControl(mine?.errors ?? FormErrors.none, {
              key: 'explanation',
              label: 'Why the decision should change',
              value: mine?.explanation ?? '',
              hint: 'Once per decision, within 6 months of it. The site team decides again; someone else than who decided first, where the team allows.',
              rows: 5,
              maxlength: explanationMaxLength,
              required: true,
            }),
            'Appeal this decision',
          )
        : c.appealed
          ? html`<p>Your appeal waits for the site team${c.state === 'appealed' ? '' : ', or was decided'}.</p>`
          : null;
      return html`<li id="case-${c.number}"><h2>Case ${c.number}</h2>
<p>About ${what}; ${c.role === 'owner' ? 'it is yours' : 'you reported it'}.</p>
${statementOfReasons(c)}${appeal}</li>`;
    });
    ctx.set('Cache-Control', 'no-store');
    sendHtml(
      ctx,
      page(
        'Your cases',
        html`<p>Decisions of the site team about your listings, reviews and updates, and about what you reported. You may appeal a decision about your content, or the dismissal of your report, once within 6 months.</p>
${items.length ? html`<ol class="cases">${items}</ol>` : html`<p>No case concerns you.</p>`}`,
        { siteName, noindex: true },
      ),
    );
  };
  return router;
}

function fieldProblem(message: string): AppError {
  return new AppError('invalid_input', message, [{ path: 'body.explanation', message }]);
}
