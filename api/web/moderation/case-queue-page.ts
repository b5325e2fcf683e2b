import type { z } from 'zod';
import { decisionActions, factsMaxLength } from '../../../src/domain/moderation.js';
import type { AppError } from '../../../src/errors.js';
import { html, type Html } from '../../../src/platform/html.js';
import type { listCasesOperation } from '../../operations/moderation.js';
import { FormErrors } from '../shared/forms/field-errors.js';
import { form } from '../shared/layout.js';
import { categoryWords } from './report-pages.js';

type QueuedCase = z.output<typeof listCasesOperation.output>['items'][number];

/** What the operator sent in a decision or reversal form, shown again when it is refused. */
export interface CaseForm {
  action: string;
  ground: string;
  facts: string;
  refund: boolean;
}

/** A decision or reversal the operation refused (400, 409): its case's form shows it, with what was sent. */
export interface RefusedForm {
  number: string;
  form: 'decision' | 'reversal';
  filled: CaseForm;
  error: AppError;
}

const actionLabels: Record<(typeof decisionActions)[number], string> = {
  dismiss: 'Dismiss: change nothing',
  restrict: 'Restrict: keep the page, with a notice, out of every list',
  take_down: 'Take down',
};

const formWords = { decision: 'decision', reversal: 'reversal' } as const;
const empty: CaseForm = { action: '', ground: '', facts: '', refund: false };

/**
 * The body of /admin/cases: each open case and appeal, oldest first, with what a decision rests on
 * (its reports, the content, its change history, the owner's other listings) and its decision
 * form; then the decided cases still in their appeal window. A refused form is shown where it was
 * sent, with the operator's words and the reason; a case no longer waiting shows it at the top.
 */
export function caseQueueBody(items: readonly QueuedCase[], csrf: string, refused: RefusedForm | null): Html {
  const waiting = items.filter((c) => c.state === 'open' || c.state === 'appealed');
  const decided = items.filter((c) => c.state === 'decided').reverse();
  const formsOf = (c: QueuedCase): RefusedForm['form'][] => [
    ...(c.state === 'open' || c.state === 'appealed' ? (['decision'] as const) : []),
    ...(c.state === 'appealed' || c.state === 'decided' ? (['reversal'] as const) : []),
  ];
  const keptFor = (c: QueuedCase, which: RefusedForm['form']) =>
    refused?.number === c.number && refused.form === which ? refused : null;
  const forms = (c: QueuedCase, which: readonly RefusedForm['form'][]) =>
    which.map((f) => (f === 'decision' ? decisionForm(c, csrf, keptFor(c, f)) : reversalForm(c, csrf, keptFor(c, f))));
  const stale = refused && items.find((c) => c.number === refused.number && !formsOf(c).includes(refused.form));
  const queue = waiting.map((c) => html`<li id="case-${c.number}">${caseHeading(c)}${grounds(c)}${forms(c, formsOf(c))}</li>`);
  const reversible = decided.map((c) => html`<li id="case-${c.number}">${caseHeading(c)}${forms(c, formsOf(c))}</li>`);
  return html`${refused && refusalSummary(refused)}
${stale && html`<section aria-labelledby="not-recorded"><h2 id="not-recorded">Not recorded</h2><div>${caseHeading(stale)}${forms(stale, [refused.form])}</div></section>`}
<p>Open cases and appeals, oldest first. Grounds are the keys of the <a href="/rules">site rules</a>. Every decision is in the <a href="/admin/audit">audit log</a>.</p>
<h2>Waiting for a decision</h2>${queue.length ? html`<ol class="cases">${queue}</ol>` : html`<p>No case waits.</p>`}
<h2>Decided, in their appeal window</h2>${reversible.length ? html`<ol class="cases">${reversible}</ol>` : html`<p>None.</p>`}`;
}

const fieldWords: Record<string, string> = { action: 'Decision', ground: 'Ground', facts: 'Facts', refund: 'Refund' };

/** The id of a case form's control: ids carry the case's number, as many forms share the page. */
const controlIdOf = (which: RefusedForm['form'], key: string, number: string) =>
  which === 'reversal' ? `reverse-${key}-${number}` : `${key}-${number}`;

/** At the top of the page, where it opens: which form was refused, why, and links to what to correct. */
function refusalSummary(refused: RefusedForm): Html {
  const problems = FormErrors.of(refused.error).all.map(
    (e) =>
      html`<li><a href="#${controlIdOf(refused.form, e.key, refused.number)}">${fieldWords[e.key] ?? e.key}</a>: ${e.message}</li>`,
  );
  return html`<div class="note warn" role="alert"><p>Your ${formWords[refused.form]} of case ${refused.number} was not recorded: ${refused.error.message}</p>
${problems.length > 0 && html`<ul>${problems}</ul>`}<p><a href="#${refused.form}-${refused.number}">Back to the form, with what you wrote</a></p></div>`;
}

function caseHeading(c: QueuedCase): Html {
  const what = c.listing_slug
    ? html`${c.kind === 'listing' ? 'Listing' : `A ${c.kind} of`} <a href="/listings/${c.listing_slug}">${c.listing_slug}</a>`
    : html`A ${c.kind} (#${String(c.item_id)})`;
  return html`<h3>Case ${c.number}${c.appeal ? ' (appeal)' : ''}</h3>
<p>${what}; ${categoryWords[c.category].toLowerCase()}; opened ${c.opened_at}.</p>`;
}

/** What a decision rests on: the reports, the content itself, its changes, and the owner's other listings. */
function grounds(c: QueuedCase): Html {
  const reports = c.reports.map(
    (r) =>
      html`<li>${r.at}: ${categoryWords[r.category]}${r.law ? html` (${r.law})` : ''}<br><span class="pre">${r.explanation}</span></li>`,
  );
  return html`<h4>Reports (${String(c.reports.length)})</h4><ul>${reports}</ul>
<h4>The content</h4>${content(c)}
<h4>Change history</h4>${history(c)}
<h4>The owner's other listings</h4>${
    c.owner_listings.length
      ? html`<ul>${c.owner_listings.map((l) => html`<li><a href="/listings/${l.slug}">${l.name}</a> <span class="muted">(${l.status})</span></li>`)}</ul>`
      : html`<p>None.</p>`
  }`;
}

function content(c: QueuedCase): Html {
  const item = c.content;
  if (!item) return html`<p>The ${c.kind} no longer exists.</p>`;
  const rows: [string, string | null][] =
    c.kind === 'listing'
      ? [
          ['Name', item.name],
          ['Tagline', item.tagline],
          ['Description', item.description],
          ['Website', item.website],
        ]
      : c.kind === 'review'
        ? [
            ['Rating', item.rating === null ? null : `${item.rating} of 5`],
            ['Text', item.text],
          ]
        : [
            ['Title', item.title],
            ['Text', item.text],
          ];
  // The owner's words as text, never as a link or markup: a reported website may be the scam.
  return html`<dl class="facts">${rows.map(([term, value]) => html`<dt>${term}</dt><dd class="pre">${value || html`<span class="muted">(empty)</span>`}</dd>`)}</dl>`;
}

function history(c: QueuedCase): Html {
  const all =
    c.listing_slug && c.kind === 'listing'
      ? html` <a href="/admin/revisions?listing=${c.listing_slug}">Every revision of the listing</a>.`
      : null;
  if (!c.history.length) return html`<p>No change recorded.${all}</p>`;
  const shown = (value: unknown) => (value === null || value === undefined ? '(none)' : JSON.stringify(value));
  const entries = c.history.map(
    (h) =>
      html`<li>${h.at}: ${h.what === 'edit' ? 'edited' : h.what} by ${h.by ?? 'a deleted account'}${
        h.changes.length
          ? html`<ul>${h.changes.map((change) => html`<li>${change.field}: <code>${shown(change.before)}</code> to <code>${shown(change.after)}</code></li>`)}</ul>`
          : null
      }</li>`,
  );
  return html`<p class="muted">Newest first, 20 at most.${all}</p><ul>${entries}</ul>`;
}

/** A labelled control of one case's form: its id carries the case's number, as many forms share the page. */
function field(errors: FormErrors, id: string, key: string, label: string, control: (attributes: Html) => Html): Html {
  const messages = errors.at(key);
  const attributes = html`id="${id}" name="${key}"${messages.length > 0 && html` aria-invalid="true" aria-describedby="${id}-error"`}`;
  return html`<p class="control"><label for="${id}">${label}</label><br>${control(attributes)}${
    messages.length > 0 && html`<br><strong class="field-error" id="${id}-error">${messages.join('; ')}</strong>`
  }</p>`;
}

/** The reason a form was refused, first in the form, where the operator looks again. */
function refusedNote(kept: RefusedForm | null): Html | null {
  return kept && html`<p class="note warn"><strong>Not recorded.</strong> ${kept.error.message}</p>`;
}

function decisionForm(c: QueuedCase, csrf: string, kept: RefusedForm | null): Html {
  const errors = kept ? FormErrors.of(kept.error) : FormErrors.none;
  const filled = kept?.filled ?? empty;
  const id = (key: string) => controlIdOf('decision', key, c.number);
  return html`<div id="decision-${c.number}">${form(
    `/admin/cases/${c.number}/decision`,
    csrf,
    html`${refusedNote(kept)}
${field(errors, id('action'), 'action', 'Decision', (a) => html`<select ${a}>${decisionActions.map((action) => html`<option value="${action}"${filled.action === action && html` selected`}>${actionLabels[action]}</option>`)}</select>`)}
${field(errors, id('ground'), 'ground', 'Ground: a key of the site rules, or law:<name>', (a) => html`<input type="text" ${a} required maxlength="240" value="${filled.ground}">`)}
${field(errors, id('facts'), 'facts', 'Facts and circumstances (the person affected reads them)', (a) => html`<textarea ${a} rows="3" required maxlength="${factsMaxLength}">${filled.facts}</textarea>`)}
<p class="control"><input type="checkbox" id="${id('refund')}" name="refund" value="1"${filled.refund && html` checked`}> <label for="${id('refund')}">Refund the listing's paid orders (take-down only)</label>${
      errors.at('refund').length > 0 && html`<br><strong class="field-error">${errors.at('refund').join('; ')}</strong>`
    }</p>`,
    'Decide',
  )}</div>`;
}

function reversalForm(c: QueuedCase, csrf: string, kept: RefusedForm | null): Html {
  const errors = kept ? FormErrors.of(kept.error) : FormErrors.none;
  const id = controlIdOf('reversal', 'facts', c.number);
  return html`<div id="reversal-${c.number}">${form(
    `/admin/cases/${c.number}/reversal`,
    csrf,
    html`${refusedNote(kept)}${field(errors, id, 'facts', 'Why the decision is reversed', (a) => html`<textarea ${a} rows="2" required maxlength="${factsMaxLength}">${kept?.filled.facts ?? ''}</textarea>`)}`,
    'Reverse the decision',
  )}</div>`;
}
