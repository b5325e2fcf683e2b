import Router from '@koa/router';
import type { Context } from 'koa';
import { reportCategories, reportKinds, type ReportCategory, type ReportKind } from '../../../src/domain/moderation.js';
import { explanationMaxLength, lawMaxLength } from '../../../src/domain/moderation.js';
import { AppError } from '../../../src/errors.js';
import { html, type Html } from '../../../src/platform/html.js';
import { listRules } from '../../../src/moderation/rules.js';
import type { AppDeps } from '../../deps.js';
import { execute } from '../../execute.js';
import { operationContext } from '../../operation-context.js';
import { reportContent } from '../../operations/moderation.js';
import { sessionPrincipal } from '../owner/run-operation.js';
import { csrfToken, verifyCsrf } from '../shared/csrf.js';
import { selectControl } from '../shared/forms/choice-controls.js';
import { textControl } from '../shared/forms/controls.js';
import { FormErrors } from '../shared/forms/field-errors.js';
import { form, hidden, page } from '../shared/layout.js';
import { sendHtml } from '../shared/respond.js';
import { currentUser, webSession } from '../shared/session.js';
import { formField, parseForm } from '../shared/forms/parse-form.js';
import { htmlErrors } from '../shared/error-pages.js';

export const categoryWords: Record<ReportCategory, string> = {
  illegal: 'Illegal content',
  scam_or_spam: 'Scam or spam',
  impersonation_or_trademark: 'Impersonation or trademark',
  misleading: 'Misleading',
  other: 'Something else against the rules',
};

/** Where the report form of an item is. */
export function reportPath(kind: ReportKind, item: string | number): string {
  return `/report?kind=${kind}&${kind === 'listing' ? 'slug' : 'id'}=${encodeURIComponent(String(item))}`;
}

interface ReportForm {
  kind: ReportKind;
  item: string;
  category: string;
  law: string;
  explanation: string;
  email: string;
}

/**
 * The site rules (/rules) and the report form (/report) any visitor may send, signed in or not:
 * a view over report_content, so the form is refused exactly as the API is.
 */
export function reportRouter(deps: AppDeps): Router {
  const router = new Router();
  const siteName = deps.config.site.name;
  router.use(htmlErrors(deps, { href: '/', label: 'Back to the home page' }), webSession());

  router.get('/rules', async (ctx) => {
    const rules = await listRules(ctx.state.em);
    ctx.set('Cache-Control', 'public, max-age=300');
    const items = rules.map(
      (r) => html`<li id="rule-${r.key}"><strong>${r.title}</strong> <code>${r.key}</code><br>${r.body}</li>`,
    );
    sendHtml(
      ctx,
      page(
        'Site rules',
        html`<p>What may be published here. A decision to restrict or remove content names one of these rules, or a law, as its ground; the person affected is told why and may appeal.</p>
<ol class="rules">${items}</ol><p>Something breaks them? Use the Report link on the listing, review or update.</p>`,
        { siteName, canonical: `${deps.config.publicUrl}/rules` },
      ),
    );
  });

  router.get('/report', (ctx) => {
    const kind = (reportKinds as readonly string[]).includes(String(ctx.query.kind)) ? (ctx.query.kind as ReportKind) : 'listing';
    const item = String((kind === 'listing' ? ctx.query.slug : ctx.query.id) ?? '').slice(0, 220);
    showForm(ctx, { kind, item, category: '', law: '', explanation: '', email: '' }, FormErrors.none);
  });

  router.post('/report', parseForm, async (ctx) => {
    verifyCsrf(ctx, deps.keys.cookieKeys, formField(ctx, 'csrf'));
    const user = currentUser(ctx);
    const kind = formField(ctx, 'kind') ?? '';
    const filled: ReportForm = {
      kind: (reportKinds as readonly string[]).includes(kind) ? (kind as ReportKind) : 'listing',
      item: formField(ctx, 'item') ?? '',
      category: formField(ctx, 'category') ?? '',
      law: formField(ctx, 'law') ?? '',
      explanation: formField(ctx, 'explanation') ?? '',
      email: formField(ctx, 'email') ?? '',
    };
    const body = {
      kind,
      ...(filled.kind === 'listing' ? { slug: filled.item } : { id: Number(filled.item) }),
      category: filled.category,
      ...(filled.law ? { law: filled.law } : {}),
      explanation: filled.explanation,
      ...(filled.email ? { email: filled.email } : {}),
      good_faith: formField(ctx, 'good_faith') === 'true',
    };
    let receipt;
    try {
      const principal = user ? sessionPrincipal(user) : null;
      receipt = (await execute(reportContent, { path: {}, query: {}, body }, operationContext(ctx, deps, principal))).body as {
        number: string;
      };
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'invalid_input') throw error;
      ctx.status = 400;
      return showForm(ctx, filled, FormErrors.of(error));
    }
    ctx.set('Cache-Control', 'no-store');
    sendHtml(
      ctx,
      page(
        'Thank you',
        html`<p>Your report is case <strong>${receipt.number}</strong>. An acknowledgement is on its way to your mail; the site team will write when it is decided.</p>
${user && html`<p>Follow it at <a href="/me/cases">your cases</a>.</p>`}<p><a href="/">Back to the home page</a></p>`,
        { siteName, noindex: true },
      ),
    );
  });

  const showForm = (ctx: Context, filled: ReportForm, errors: FormErrors) => {
    const signedIn = currentUser(ctx) !== null;
    const what =
      filled.kind === 'listing' ? html`the listing <strong>${filled.item}</strong>` : html`${filled.kind} ${filled.item}`;
    const fields: Html = html`${hidden('kind', filled.kind)}${hidden('item', filled.item)}
${errors.any && html`<p class="field-error" role="alert">${errors.detail}</p>`}
${selectControl(errors, {
  key: 'category',
  label: 'What is wrong',
  value: filled.category,
  hint: 'Pick the closest.',
  options: [
    { value: '', label: 'Choose one', disabled: true },
    ...reportCategories.map((c) => ({ value: c, label: categoryWords[c] })),
  ],
})}
${textControl(errors, { key: 'law', label: 'Law or right concerned', value: filled.law, hint: 'Needed for illegal content.', maxlength: lawMaxLength })}
${textControl(errors, {
  key: 'explanation',
  label: 'Explanation',
  value: filled.explanation,
  hint: 'Why it breaks the rules or the law, where exactly.',
  rows: 6,
  maxlength: explanationMaxLength,
  required: true,
})}
${textControl(errors, {
  key: 'email',
  label: signedIn ? 'Email for the answer (optional)' : 'Email for the answer',
  value: filled.email,
  hint: signedIn ? 'Your account address unless you give another.' : 'Required.',
  inputmode: 'email',
  required: !signedIn,
})}
<p class="control"><input type="checkbox" id="f-good_faith" name="good_faith" value="true" required> <label for="f-good_faith">I believe this report is accurate and complete, and I make it in good faith.</label>${errors.at('good_faith').length > 0 && html`<br><strong class="field-error">${errors.at('good_faith').join('; ')}</strong>`}</p>`;
    ctx.set('Cache-Control', 'no-store');
    sendHtml(
      ctx,
      page(
        'Report content',
        html`<p>Report ${what} to the site team. The <a href="/rules">site rules</a> say what may be published.</p>${form('/report', csrfToken(ctx, deps.keys.cookieKeys), fields, 'Send report')}`,
        { siteName, noindex: true },
      ),
    );
  };
  return router;
}
