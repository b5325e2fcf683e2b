import { z } from 'zod';
import type { DraftDetail } from '../../../src/drafts/schemas.js';
import type { ListedElsewhere } from '../../../src/errors.js';
import { html, joinHtml, type Html } from '../../../src/platform/html.js';
import { draftFieldsInput, socialsInput } from '../../operations/draft-schemas.js';
import { externalLink } from '../catalogue/catalogue-html.js';
import { fieldLabel } from '../shared/labels.js';
import { textControl, groupError } from '../shared/forms/controls.js';
import { controlId, errorSummary, FormErrors } from '../shared/forms/field-errors.js';
import { hidden } from '../shared/layout.js';
import { draftProgressScript } from './assets.js';
import { draftPath } from './paths.js';
import { alreadyListedNote } from './submit-page.js';

/** What a draft page shows besides the draft: the form token, and a refused form with what it sent. */
export interface DraftPageState {
  csrf: string;
  errors: FormErrors;
  /** The refused form's fields by body path, shown again in place of the stored values. */
  sent: Record<string, string>;
  /** A submit refused because another listing holds the website (already_listed). */
  listed?: ListedElsewhere;
}

type Field = DraftDetail['fields'][string];

const stateWords: Record<Field['state'], string> = {
  ai: 'drafted by the AI',
  not_found: 'not found on the website',
  edited: 'edited by you',
  manual: 'added by you',
  override: 'locked against AI redrafts',
  deleted: 'removed by you',
};

const steps = [
  { status: 'crawling', words: 'Reading the website' },
  { status: 'drafting', words: 'Drafting the fields' },
  { status: 'ready', words: 'Ready to edit' },
] as const;

const socialPlatforms = socialsInput.keyType.options;

/** A list field (categories, tags, features, ...) takes lines; the rest one text. */
export function isListField(name: string): boolean {
  return Object.hasOwn(draftFieldsInput.shape, name) && draftFieldsInput.shape[name].unwrap().unwrap() instanceof z.ZodArray;
}

/** The page of one draft: progress while it builds, the failure, or the editor once ready. */
export function draftBody(draft: DraftDetail, state: DraftPageState): Html {
  const site = html`<p>Website: ${externalLink(draft.url)}</p>`;
  if (draft.status === 'crawling' || draft.status === 'drafting') return html`${site}${progress(draft)}`;
  if (draft.status === 'failed') return html`${site}${failure(draft, state)}`;
  const refusal = state.listed ? alreadyListedNote(state.listed) : errorSummary(state.errors);
  return html`${site}${refusal}${editor(draft, state)}`;
}

export function draftTitle(draft: DraftDetail): string {
  if (draft.status === 'ready') return draft.name ? `Your draft: ${draft.name}` : 'Your draft';
  if (draft.status === 'failed') return 'The draft could not be built';
  return 'Drafting your listing';
}

function progress(draft: DraftDetail): Html {
  const { pages_fetched, pages_planned, fields_found } = draft.progress;
  const current = steps.find((s) => s.status === draft.status)!;
  const items = steps.map(
    (s) => html`<li data-step="${s.status}"${s.status === draft.status && html` aria-current="step"`}>${s.words}</li>`,
  );
  return html`<section id="draft-progress" data-draft="${draft.id}" data-status="${draft.status}" aria-labelledby="progress-heading">
<h2 id="progress-heading">Progress</h2>
<p role="status"><span data-progress="step">${current.words}</span>: <span data-progress="pages_fetched">${pages_fetched}</span> of <span data-progress="pages_planned">${pages_planned}</span> pages fetched, <span data-progress="fields_found">${fields_found}</span> fields found.</p>
<ol>${items}</ol>
<p>This takes about a minute. Nothing is published and nothing is charged. <a href="${draftPath(draft.id)}">Refresh</a></p>
</section>
<script src="${draftProgressScript.path}" integrity="${draftProgressScript.integrity}" defer></script>`;
}

function failure(draft: DraftDetail, state: DraftPageState): Html {
  return html`<div class="note warn"><p>${draft.failure?.message ?? 'The website could not be read.'}</p>${draft.failure?.reason && html`<p class="muted">Reason: <code>${draft.failure.reason}</code></p>`}</div>
<form method="post" action="/submit"><input type="hidden" name="csrf" value="${state.csrf}">${hidden('url', draft.url)}<button type="submit">Try this website again</button></form>
<p><a href="/submit">Submit another website</a></p>`;
}

function editor(draft: DraftDetail, state: DraftPageState): Html {
  const missing = draft.missing.map((item) => fieldLabel(item));
  const submitted =
    draft.listing_id !== null &&
    html`<div class="note"><p>Submitted as your listing #${draft.listing_id}: it is not published yet, and your edits here reach it too. <a href="/me/listings/${String(draft.listing_id)}">Manage the listing</a></p></div>`;
  return html`${submitted}<section aria-labelledby="completeness-heading"><h2 id="completeness-heading">Completeness</h2>
<p id="draft-completeness">The profile is <strong>${draft.completeness}%</strong> complete.</p>
${missing.length ? html`<p>Still missing: ${missing.join(', ')}.</p>` : html`<p>Nothing is missing.</p>`}
</section>
<section aria-labelledby="fields-heading"><h2 id="fields-heading">Fields</h2>
<p class="muted">Each value quotes the website where the AI found it. Edit a value, clear it, restore the AI's value, or lock it against AI redrafts.</p>
${joinHtml(
  Object.entries(draft.fields).map(([name, field]) => fieldForm(draft.id, name, field, state)),
  '\n',
)}
</section>
${regenerateForm(draft, state)}
${faqsForm(draft, state)}
${foundersForm(draft, state)}
${socialsForm(draft, state)}
<section aria-labelledby="submit-heading"><h2 id="submit-heading">Submit</h2>
<p>Saves the draft as your listing. It is not published and nothing is charged: you choose a free or paid launch next.</p>
${postForm(`${draftPath(draft.id)}/submit`, state.csrf, null, html`<button type="submit">${draft.listing_id === null ? 'Submit the listing' : 'Submit the changes again'}</button>`)}
</section>`;
}

function postForm(action: string, csrf: string, fields: Html | null, buttons: Html, id?: string): Html {
  return html`<form method="post" action="${action}"${id && html` id="${id}"`}>
<input type="hidden" name="csrf" value="${csrf}">${fields}<div class="actions">${buttons}</div></form>`;
}

function valueText(value: Field['value']): string {
  if (value === null) return '';
  return Array.isArray(value) ? value.join('\n') : value;
}

function fieldForm(draftId: string, name: string, field: Field, state: DraftPageState): Html {
  const key = `fields.${name}`;
  const list = isListField(name);
  const long = name === 'description';
  const control = textControl(state.errors, {
    key,
    label: fieldLabel(name),
    value: state.sent[key] ?? valueText(field.value),
    rows: list || long ? (long ? 8 : 4) : name === 'tagline' || name === 'short_description' ? 2 : undefined,
    hint: list ? 'One per line.' : undefined,
  });
  const restorable = field.state !== 'ai' && field.state !== 'not_found';
  const buttons = html`<button type="submit" name="action" value="save">Save</button>
<button type="submit" name="action" value="clear">Clear</button>${restorable && html`\n<button type="submit" name="action" value="restore">Restore the AI's value</button>`}${field.state !== 'override' && html`\n<button type="submit" name="action" value="lock">Lock</button>`}`;
  const evidence = field.evidence.length
    ? html`<ul class="evidence">${field.evidence.map((e) => html`<li><q>${e.quote}</q> (${externalLink(e.url, pageName(e.url))})</li>`)}</ul>`
    : html`<p class="muted">No quote from the website.</p>`;
  return html`<article class="draft-field" id="field-${name}" data-state="${field.state}">
${postForm(`${draftPath(draftId)}/fields/${name}`, state.csrf, control, buttons)}
<p class="muted">State: <span class="tag" data-field-state>${stateWords[field.state]}</span>${field.ai_original !== null && field.state !== 'ai' && html`. The AI's value: ${valueText(field.ai_original)}`}</p>
${evidence}
</article>`;
}

/** A page's address as a reader recognises it: its path, or the host for the homepage. */
function pageName(url: string): string {
  try {
    const { host, pathname } = new URL(url);
    return pathname === '/' ? host : pathname;
  } catch {
    return url;
  }
}

function regenerateForm(draft: DraftDetail, state: DraftPageState): Html {
  const boxes = Object.keys(draft.fields).map(
    (name) => html`<label class="check"><input type="checkbox" name="regenerate" value="${name}"> ${fieldLabel(name)}</label> `,
  );
  const fields = html`<fieldset id="${controlId('regenerate')}"><legend>Fields to redraft (up to 5; locked fields stay)</legend>${groupError(state.errors, 'regenerate')}${boxes}</fieldset>`;
  return html`<section aria-labelledby="regenerate-heading"><h2 id="regenerate-heading">Regenerate</h2>
<p class="muted">The AI drafts the chosen fields again from the website's evidence.</p>
${postForm(`${draftPath(draft.id)}/regenerate`, state.csrf, fields, html`<button type="submit">Regenerate</button>`)}</section>`;
}

/** The stored rows, then blank ones to add, up to `max` (without scripts a form cannot grow). */
function rows<T>(stored: readonly T[], max: number, blanks: number): (T | undefined)[] {
  return [...stored, ...Array<undefined>(Math.max(0, Math.min(blanks, max - stored.length))).fill(undefined)];
}

function faqsForm(draft: DraftDetail, state: DraftPageState): Html {
  const sent = (key: string, stored: string | undefined) => state.sent[key] ?? stored ?? '';
  const items = rows(draft.faqs, 10, 2).map(
    (faq, i) => html`<fieldset><legend>Question ${i + 1}</legend>
${textControl(state.errors, { key: `faqs.${i}.question`, label: 'Question', value: sent(`faqs.${i}.question`, faq?.question), maxlength: 300 })}
${textControl(state.errors, { key: `faqs.${i}.answer`, label: 'Answer', value: sent(`faqs.${i}.answer`, faq?.answer), rows: 3, maxlength: 1500 })}</fieldset>`,
  );
  return html`<section aria-labelledby="faqs-heading"><h2 id="faqs-heading">FAQs</h2>
<p class="muted">Up to 10. Leave a question and its answer empty to remove it.</p>${groupError(state.errors, 'faqs')}
${postForm(`${draftPath(draft.id)}/faqs`, state.csrf, joinHtml(items, '\n'), html`<button type="submit">Save the FAQs</button>`)}</section>`;
}

function foundersForm(draft: DraftDetail, state: DraftPageState): Html {
  const sent = (key: string, stored: string | undefined) => state.sent[key] ?? stored ?? '';
  const items = rows(draft.founders, 6, 1).map(
    (founder, i) => html`<fieldset><legend>Founder ${i + 1}</legend>
${textControl(state.errors, { key: `founders.${i}.name`, label: 'Name', value: sent(`founders.${i}.name`, founder?.name), maxlength: 160 })}
${textControl(state.errors, { key: `founders.${i}.title`, label: 'Title', value: sent(`founders.${i}.title`, founder?.title), maxlength: 160 })}
${textControl(state.errors, { key: `founders.${i}.bio`, label: 'Bio', value: sent(`founders.${i}.bio`, founder?.bio), rows: 3, maxlength: 3000 })}</fieldset>`,
  );
  return html`<section aria-labelledby="founders-heading"><h2 id="founders-heading">Founders</h2>
<p class="muted">Up to 6. Leave a founder empty to remove them.</p>${groupError(state.errors, 'founders')}
${postForm(`${draftPath(draft.id)}/founders`, state.csrf, joinHtml(items, '\n'), html`<button type="submit">Save the founders</button>`)}</section>`;
}

function socialsForm(draft: DraftDetail, state: DraftPageState): Html {
  const group = (part: 'company_socials' | 'founder_socials', legend: string) => {
    const stored = draft[part];
    const controls = socialPlatforms.map((platform) =>
      textControl(state.errors, {
        key: `${part}.${platform}`,
        label: fieldLabel(platform),
        value: state.sent[`${part}.${platform}`] ?? stored[platform] ?? '',
        maxlength: 500,
        inputmode: 'url',
      }),
    );
    return html`<fieldset id="${controlId(part)}"><legend>${legend}</legend>${groupError(state.errors, part)}${controls}</fieldset>`;
  };
  const fields = html`${group('company_socials', 'The company')}\n${group('founder_socials', 'The founders')}`;
  return html`<section aria-labelledby="socials-heading"><h2 id="socials-heading">Social links</h2>
<p class="muted">Profile links; leave a platform empty to remove it.</p>
${postForm(`${draftPath(draft.id)}/socials`, state.csrf, fields, html`<button type="submit">Save the social links</button>`)}</section>`;
}
