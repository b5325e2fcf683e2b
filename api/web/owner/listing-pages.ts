import sanitizeHtml from 'sanitize-html';
import type { Products } from '../../../src/catalogue/schemas.js';
import type { OwnerListing, OwnerListingDetail } from '../../../src/listings/schemas.js';
import type { Quote } from '../../../src/orders/schemas.js';
import { html, sanitizedHtml, type Html } from '../../../src/platform/html.js';
import { textControl } from '../shared/forms/controls.js';
import { errorSummary } from '../shared/forms/field-errors.js';
import { form, hidden } from '../shared/layout.js';
import { dollars, linesTable } from '../payments/order-html.js';
import { copyEmbedScript } from './assets.js';
import { checkboxGroup, selectControl } from '../shared/forms/choice-controls.js';
import type { LaunchForm } from './launch-form.js';
import { editableControls } from './listing-edit-form.js';
import {
  gatesSection,
  historySection,
  interviewSection,
  milestonesSection,
  storySection,
  updatesSection,
  when,
  type SectionState,
} from './listing-sections.js';
import { nextStepBrief, nextStepWords } from './next-step.js';
import { myListingPath, myListingStatsPath } from './paths.js';

/** A coming week of the week picker with the launch places it has left (get_launch_week). */
export interface WeekChoice {
  week: string;
  paidLeft: number;
}

/** What a listing's owner page shows besides the listing: the choices of its forms, a refused form, the result of a form. */
export interface ListingPageState extends SectionState {
  products: Products;
  weeks: readonly WeekChoice[];
  categories: readonly { slug: string; name: string }[];
  launch: LaunchForm;
  /** What the last form did, when it answers with the page (an update posted, edits copied). */
  notice: Html | null;
}

const statusWords: Record<OwnerListing['status'], string> = {
  draft: 'Draft: not published',
  awaiting_badge: 'Queued for a free launch: waiting for the gates',
  scheduled: 'Scheduled to launch',
  live: 'Live',
  rejected: 'Rejected',
  archived: 'Archived',
};

/** /me/listings: every listing of the person, any status, with its next step. */
export function listingsBody(listings: readonly OwnerListing[]): Html {
  if (listings.length === 0) return html`<p>You have no listing yet. <a href="/submit">Submit your product</a> to draft one.</p>`;
  const rows = listings.map(
    (
      l,
    ) => html`<tr data-listing="${l.id}"><td><a href="${myListingPath(l.id)}">${l.name}</a></td><td>${statusWords[l.status]}</td>
<td>${l.publication.plan}</td><td>${l.publication.launch_week ?? '—'}</td><td>${nextStepBrief(l)}</td></tr>`,
  );
  return html`<div class="scroll" role="region" aria-label="Your listings" tabindex="0"><table id="my-listings"><thead><tr><th>Listing</th><th>Status</th><th>Plan</th><th>Launch week</th><th>Next step</th></tr></thead>
<tbody>${rows}</tbody></table></div>
<p><a href="/submit">Submit another product</a> · <a href="/me/orders">Your orders</a></p>`;
}

/** /me/listings/{id}: status and the next step, the gates, the badge, the free or paid launch, edits with their history, updates, milestones, story and interview. */
export function listingBody(listing: OwnerListingDetail, state: ListingPageState): Html {
  const p = listing.publication;
  const canLaunch = listing.status === 'draft' || (listing.status === 'awaiting_badge' && p.plan === 'free');
  return html`<dl class="facts" id="listing-facts"><dt>Status</dt><dd id="listing-status" data-status="${listing.status}">${statusWords[listing.status]}</dd>
<dt>Plan</dt><dd id="listing-plan">${p.plan}</dd><dt>Launch week</dt><dd id="launch-week">${p.launch_week ?? 'not chosen'}</dd>
${p.launched_at && html`<dt>Launched</dt><dd>${when(p.launched_at)}</dd>`}
<dt>Public page</dt><dd>${listing.visible ? html`<a href="${listing.url}">${listing.url}</a>` : 'not visible to visitors yet'}</dd>
<dt>Numbers</dt><dd><a href="${myListingStatsPath(listing.id)}" id="stats-link">Views, visits to your website and votes</a></dd></dl>
${p.status_reason && html`<p class="note">${p.status_reason}</p>`}
<p class="note" id="next-step"><strong>Next step:</strong> ${nextStepWords(listing)}</p>
${state.notice && html`<div class="note" role="status" id="form-result">${state.notice}</div>`}
${errorSummary(state.errors)}
${gatesSection(listing, state.csrf)}
${badge(listing)}
${canLaunch && launchChoices(listing, state)}
${editSection(listing, state)}
${updatesSection(listing, state)}
${milestonesSection(listing, state)}
${storySection(listing, state)}
${interviewSection(listing, state)}
<p><a href="/me/listings">All your listings</a> · <a href="/me/orders">Your orders</a></p>`;
}

/** The badge code to paste into the homepage: a selectable textarea, a Copy button when scripts run, and how it looks. */
function badge(listing: OwnerListing): Html {
  const code = listing.publication.badge?.embed_html ?? null;
  if (code === null) return html``;
  const preview = sanitizedHtml(code, (dirty) =>
    sanitizeHtml(dirty, {
      allowedTags: ['a', 'img'],
      allowedAttributes: { a: ['href'], img: ['src', 'alt', 'width', 'height'] },
      allowedSchemes: ['https', 'http'],
    }),
  );
  return html`<section aria-labelledby="badge-heading" id="badge"><h2 id="badge-heading">Your badge</h2>
<p><label for="embed-code">Put this code on your website's homepage</label></p>
<textarea id="embed-code" rows="4" readonly>${code}</textarea>
<p><button type="button" data-copy="embed-code" hidden>Copy the code</button> <span id="embed-code-status" role="status"></span></p>
<p>Preview:</p><div id="badge-preview">${preview}</div></section>
<script src="${copyEmbedScript.path}" integrity="${copyEmbedScript.integrity}" defer></script>`;
}

function launchChoices(listing: OwnerListing, state: ListingPageState): Html {
  const path = myListingPath(listing.id);
  const queued = listing.status === 'awaiting_badge';
  const launch = state.products.items.find((product) => product.key === 'launch');
  const control = (key: keyof LaunchForm, label: string, hint: string, maxlength: number) =>
    textControl(state.errors, { key, label, value: state.launch[key], hint, maxlength });
  const primary = listing.categories.find((c) => c.primary)?.slug;
  const weeks = selectControl(state.errors, {
    key: 'week',
    label: 'Launch week',
    hint: 'Weeks run Monday to Sunday (UTC); each says how many paid launch places it has left.',
    value: state.launch.week,
    options: [
      { value: '', label: 'No week: live at once' },
      ...state.weeks.map((w) => ({
        value: w.week,
        label: `Week of ${w.week}: ${w.paidLeft === 0 ? 'full' : `${w.paidLeft} ${w.paidLeft === 1 ? 'place' : 'places'} left`}`,
        disabled: w.paidLeft === 0,
      })),
      ...(state.launch.week && !state.weeks.some((w) => w.week === state.launch.week)
        ? [{ value: state.launch.week, label: state.launch.week }]
        : []),
    ],
  });
  const categories = checkboxGroup(state.errors, {
    key: 'categories',
    legend: 'Extra categories',
    hint: 'Up to 3 beyond the primary category, each listed there too.',
    checked: new Set(state.launch.categories.split(/[\s,]+/).filter(Boolean)),
    options: state.categories.filter((c) => c.slug !== primary).map((c) => ({ value: c.slug, label: c.name })),
  });
  const paid =
    launch &&
    html`<section aria-labelledby="paid-heading" id="paid-launch"><h2 id="paid-heading">Paid launch</h2>
<p>${launch.name}: ${dollars(launch.price_cents)} before VAT. ${launch.description}</p>
${form(
  `${path}/quote`,
  state.csrf,
  html`${weeks}${categories}
${control('billing_country', 'Billing country', 'The ISO code of your country, such as DE or US; it decides the VAT.', 2)}
${control('vat_number', 'VAT number', 'EU businesses only.', 20)}
${control('promo_code', 'Promo code', 'Exactly as given.', 60)}`,
  'See the price',
)}</section>`;
  return html`${
    !queued &&
    html`<section aria-labelledby="free-heading" id="free-launch"><h2 id="free-heading">Free launch</h2>
<p>Launch for free in a week a few weeks ahead, once the badge is on your homepage and the founder profile is complete.</p>
${form(`${path}/free`, state.csrf, null, 'Choose the free launch')}</section>`
  }
${paid}`;
}

/** The listing's text fields, published at once when saved (update_my_listing), optionally copied to other sites, with the change history. */
function editSection(listing: OwnerListingDetail, state: ListingPageState): Html {
  const controls = editableControls.map((c) => {
    const key = `fields.${c.name}`;
    const value = Object.hasOwn(state.sent, key) ? state.sent[key] : (c.value(listing) ?? '');
    return textControl(state.errors, { key, label: c.label, value, maxlength: c.maxlength, rows: c.rows });
  });
  const applyTo = textControl(state.errors, {
    key: 'apply_to',
    label: 'Copy to other sites',
    hint: "Also write the headline, summary, search title and search description changed here to this company's listings on other sites of ours: all, or site keys separated by spaces. Empty: this listing only.",
    value: state.sent.apply_to ?? '',
    maxlength: 400,
  });
  return html`<section aria-labelledby="edit-heading" id="edit"><h2 id="edit-heading">Edit the listing</h2>
<p>Changes are published at once; an emptied optional field is cleared.</p>
${form(`${myListingPath(listing.id)}/edit`, state.csrf, html`${controls}${applyTo}`, 'Save the changes')}
${historySection(listing)}</section>`;
}

/** The price of the paid launch before the checkout: lines, VAT with its reason, total; then on to pay. */
export function quoteBody(listing: OwnerListing, quote: Quote, launch: LaunchForm, csrf: string, checkoutKey: string): Html {
  const promo =
    quote.promo &&
    html`<p id="promo-result">Promo code ${quote.promo.code}: ${quote.promo.applied ? `${dollars(quote.promo.discount_cents)} off` : 'not applied'}.</p>`;
  const sent = Object.entries(launch).map(([key, value]) => hidden(key, value));
  return html`<p>The price of a paid launch of ${listing.name}, at the current prices. Nothing is charged yet.</p>
${linesTable(quote)}${promo}
${form(`${myListingPath(listing.id)}/checkout`, csrf, html`${sent}${hidden('checkout_key', checkoutKey)}`, 'Go to checkout')}
<p>You pay on the checkout page, where you can still change the billing details. <a href="${myListingPath(listing.id)}#paid-launch">Change the launch</a></p>`;
}
