import { fieldLabel } from '../shared/labels.js';
import type { InterviewQuestions } from '../../../src/catalogue/schemas.js';
import type { OwnerListing, OwnerListingDetail } from '../../../src/listings/schemas.js';
import { html, type Html } from '../../../src/platform/html.js';
import { storySections } from '../../operations/draft-schemas.js';
import { externalLink } from '../catalogue/catalogue-html.js';
import { textControl } from '../shared/forms/controls.js';
import type { FormErrors } from '../shared/forms/field-errors.js';
import { form, hidden } from '../shared/layout.js';
import { myListingPath } from './paths.js';

/** What the content sections need besides the listing: the form token, a refused form's values and messages. */
export interface SectionState {
  csrf: string;
  errors: FormErrors;
  /** A refused form's controls by name, shown again in place of the stored values. */
  sent: Record<string, string>;
  questions: InterviewQuestions['items'];
  /** The idempotency key of the update form, so a resent form posts the update once. */
  updateKey: string;
  /** Updates of one listing its followers are mailed about in any 24 hours (UPDATE_MAILS_PER_LISTING_PER_DAY). */
  updateMailsPerDay: number;
}

export const when = (stamp: string | Date | null) =>
  stamp ? new Date(stamp).toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : 'not yet';

const valueOf = (state: SectionState, key: string, stored: string | null | undefined) =>
  Object.hasOwn(state.sent, key) ? state.sent[key] : (stored ?? '');

/**
 * The free plan's gates, each with its last check and what to do next, and "Check now": the
 * queued listing's choose_free_listing, which checks the gates again at once.
 */
export function gatesSection(listing: OwnerListing, csrf: string): Html | null {
  const { badge: gate, founder_profile: founders } = listing.publication;
  if (!gate || !founders) return null;
  const queued = listing.status === 'awaiting_badge' || listing.status === 'scheduled';
  const missing = founders.missing.map((m) => html`<li>${m}</li>`);
  return html`<section aria-labelledby="gates-heading" id="gates"><h2 id="gates-heading">Free launch gates</h2>
<ul><li id="gate-badge" data-met="${String(gate.found)}"><strong>Badge on your homepage:</strong> ${gate.found ? 'found' : 'not found yet'}. ${gate.detail}
<br><span class="muted">Last check: ${when(gate.checked_at)}${gate.looked_at && html` at ${externalLink(gate.looked_at)}`}. Next check: ${when(gate.next_check_at)}.</span>
${!gate.found && html`<br>Next step: put <a href="#badge">the badge code</a> on your homepage, then check now.`}</li>
<li id="gate-founders" data-met="${String(founders.complete)}"><strong>Founder profile:</strong> ${founders.complete ? 'complete' : 'incomplete'}.${missing.length > 0 && html` Next step: add what is missing.<ul>${missing}</ul>`}</li></ul>
${queued && form(`${myListingPath(listing.id)}/free`, csrf, null, 'Check now')}</section>`;
}

/** How many updates of one listing are mailed a day, in words: "1 update", "3 updates". */
export const updatesInWords = (n: number) => (n === 1 ? '1 update' : `${n} updates`);

/** Post an update: how many people follow the listing, who are each mailed once, about how many updates a day. */
export function updatesSection(listing: OwnerListing, state: SectionState): Html {
  const control = (key: 'title' | 'body', label: string, maxlength: number, rows?: number) =>
    textControl(state.errors, { key: `update.${key}`, label, value: valueOf(state, `update.${key}`, ''), maxlength, rows });
  const followers = listing.followers === 1 ? '1 person follows' : `${listing.followers} people follow`;
  const latest = listing.latest_updates.map(
    (u) => html`<li><strong>${u.title}</strong> <span class="muted">${when(u.posted_at)}</span></li>`,
  );
  return html`<section aria-labelledby="updates-heading" id="updates"><h2 id="updates-heading">Post an update</h2>
<p id="followers-to-tell">${followers} this listing; ${
    state.updateMailsPerDay > 0
      ? `each is mailed once about a new update, for at most ${updatesInWords(state.updateMailsPerDay)} of this listing a day (a later one is shown but not mailed).`
      : 'updates are not mailed to followers on this site.'
  } An update shows on the listing page and in the latest updates at once.</p>
${form(
  `${myListingPath(listing.id)}/updates`,
  state.csrf,
  html`${control('title', 'Title', 200)}${control('body', 'What is new (plain text)', 5000, 5)}${hidden('update_key', state.updateKey)}`,
  'Post the update',
)}
${latest.length > 0 && html`<h3>Latest updates</h3><ul>${latest}</ul>`}</section>`;
}

/** The milestones with a Delete button each, and the form to add one. */
export function milestonesSection(listing: OwnerListing, state: SectionState): Html {
  const path = myListingPath(listing.id);
  const items = listing.milestones.map(
    (
      m,
    ) => html`<li data-milestone="${m.id}">${m.date}: <strong>${m.title}</strong>${m.description && html` ${m.description}`}${m.url && html` ${externalLink(m.url)}`}
${form(`${path}/milestones/${m.id}/delete`, state.csrf, null, `Delete the milestone ${m.title}`, 'inline')}</li>`,
  );
  const control = (key: string, label: string, hint: string, maxlength: number, rows?: number) =>
    textControl(state.errors, {
      key: `milestone.${key}`,
      label,
      hint,
      value: valueOf(state, `milestone.${key}`, ''),
      maxlength,
      rows,
    });
  const shown = listing.unlocked_sections.includes('milestones')
    ? 'Visitors see them.'
    : 'Visitors see them once the milestones section is unlocked (a paid launch).';
  return html`<section aria-labelledby="milestones-heading" id="milestones"><h2 id="milestones-heading">Milestones</h2>
<p>${shown}</p>${items.length > 0 ? html`<ul id="milestone-list">${items}</ul>` : html`<p>No milestone yet.</p>`}
<h3>Add a milestone</h3>
${form(
  `${path}/milestones`,
  state.csrf,
  html`${control('date', 'Date', 'YYYY-MM-DD.', 10)}${control('title', 'Title', 'Required.', 200)}
${control('description', 'Description', 'Optional.', 2000, 2)}${control('url', 'Link', 'Optional, an https address.', 500)}`,
  'Add the milestone',
)}</section>`;
}

/** The founder story, section by section; an emptied section is removed. */
export function storySection(listing: OwnerListing, state: SectionState): Html {
  const stored = listing.story?.sections ?? {};
  const controls = storySections.map((section) =>
    textControl(state.errors, {
      key: `story.${section}`,
      label: fieldLabel(section),
      value: valueOf(state, `story.${section}`, stored[section]),
      maxlength: section === 'title' ? 200 : 8000,
      rows: section === 'title' ? undefined : 3,
    }),
  );
  const shown = listing.unlocked_sections.includes('story')
    ? 'Visitors see it while the listing is visible.'
    : 'Visitors see it once the story section is unlocked (a paid launch).';
  return html`<section aria-labelledby="story-heading" id="story"><h2 id="story-heading">Founder story</h2>
<p>${shown} An emptied section is removed.</p>
${form(`${myListingPath(listing.id)}/story`, state.csrf, html`${controls}`, 'Save the story')}</section>`;
}

/** The founder interview: one answer per question; an answer shows on your founder page and completes that part of the founder-profile gate. */
export function interviewSection(listing: OwnerListingDetail, state: SectionState): Html | null {
  if (state.questions.length === 0) return null;
  const given = new Map(listing.interview.answers.map((a) => [a.question_id, a.answer]));
  const controls = state.questions.map((q) =>
    textControl(state.errors, {
      key: `interview.${q.id}`,
      label: q.question,
      value: valueOf(state, `interview.${q.id}`, given.get(q.id) ?? ''),
      maxlength: 4000,
      rows: 3,
    }),
  );
  return html`<section aria-labelledby="interview-heading" id="interview"><h2 id="interview-heading">Founder interview</h2>
<p>Your answers show on your founder page. Answer the questions you like; answering one again replaces your answer, and a question left empty keeps its answer.</p>
${form(`${myListingPath(listing.id)}/interview`, state.csrf, html`${controls}`, 'Save the answers')}</section>`;
}

const viaWords = { session: 'on this website', api_key: 'with an API key', oauth: 'through an app' } as const;

function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  const text =
    typeof value === 'string'
      ? value
      : Array.isArray(value) && value.every((v) => typeof v === 'string')
        ? value.join(', ')
        : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

/** The listing's change history as get_my_listing gives it: when, by whom, through what, each field before and after. */
export function historySection(listing: OwnerListingDetail): Html {
  const rows = listing.history.map(
    (
      r,
    ) => html`<li data-revision><p><strong>${when(r.at)}</strong>, ${r.by_you ? 'by you' : 'by someone else'} ${viaWords[r.via]}${r.client_id && html` (${r.client_id})`}</p>
<ul>${r.changes.map((c) => html`<li><strong>${c.field}</strong>: ${shownValue(c.before)} → ${shownValue(c.after)}</li>`)}</ul></li>`,
  );
  return html`<h3 id="history-heading">Change history</h3>
${rows.length > 0 ? html`<ol id="history" aria-labelledby="history-heading">${rows}</ol>` : html`<p id="history">No edit yet.</p>`}`;
}
