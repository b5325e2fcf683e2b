import sanitizeHtml from 'sanitize-html';
import type { Products } from '../../../src/catalogue/schemas.js';
import type { OwnerListing } from '../../../src/listings/schemas.js';
import type { Quote } from '../../../src/orders/schemas.js';
import { html, sanitizedHtml, type Html } from '../../../src/platform/html.js';
import { externalLink } from '../catalogue/catalogue-html.js';
import { textControl } from '../shared/forms/controls.js';
import { errorSummary, type FormErrors } from '../shared/forms/field-errors.js';
import { form, hidden } from '../shared/layout.js';
import { dollars, linesTable } from '../payments/order-html.js';
import { copyEmbedScript } from './assets.js';
import type { LaunchForm } from './launch-form.js';
import { editableControls } from './listing-edit-form.js';
import { myListingPath } from './paths.js';

/** What a listing's owner page shows besides the listing: the form token, the launch price, a refused form. */
export interface ListingPageState {
  csrf: string;
  products: Products;
  errors: FormErrors;
  launch: LaunchForm;
  /** A refused edit's fields by control name, shown again in place of the stored values. */
  edits: Record<string, string>;
}

const statusWords: Record<OwnerListing['status'], string> = {
  draft: 'Draft: not published',
  awaiting_badge: 'Queued for a free launch: waiting for the gates',
  scheduled: 'Scheduled to launch',
  live: 'Live',
  rejected: 'Rejected',
  archived: 'Archived',
};

const when = (stamp: string | Date | null) =>
  stamp ? new Date(stamp).toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : 'not yet';

/** /me/listings: every listing of the person, any status, with its next step. */
export function listingsBody(listings: readonly OwnerListing[]): Html {
  if (listings.length === 0) return html`<p>You have no listing yet. <a href="/submit">Submit your product</a> to draft one.</p>`;
  const rows = listings.map(
    (
      l,
    ) => html`<tr data-listing="${l.id}"><td><a href="${myListingPath(l.id)}">${l.name}</a></td><td>${statusWords[l.status]}</td>
<td>${l.publication.plan}</td><td>${l.publication.launch_week ?? '—'}</td><td>${l.publication.next_step}</td></tr>`,
  );
  return html`<div class="scroll" role="region" aria-label="Your listings" tabindex="0"><table id="my-listings"><thead><tr><th>Listing</th><th>Status</th><th>Plan</th><th>Launch week</th><th>Next step</th></tr></thead>
<tbody>${rows}</tbody></table></div>
<p><a href="/submit">Submit another product</a> · <a href="/me/orders">Your orders</a></p>`;
}

/** /me/listings/{id}: status and the next step, the free plan's gates, the badge, and the free or paid launch. */
export function listingBody(listing: OwnerListing, state: ListingPageState): Html {
  const p = listing.publication;
  const canLaunch = listing.status === 'draft' || (listing.status === 'awaiting_badge' && p.plan === 'free');
  return html`<dl class="facts" id="listing-facts"><dt>Status</dt><dd id="listing-status" data-status="${listing.status}">${statusWords[listing.status]}</dd>
<dt>Plan</dt><dd id="listing-plan">${p.plan}</dd><dt>Launch week</dt><dd id="launch-week">${p.launch_week ?? 'not chosen'}</dd>
${p.launched_at && html`<dt>Launched</dt><dd>${when(p.launched_at)}</dd>`}
<dt>Public page</dt><dd>${listing.visible ? html`<a href="${listing.url}">${listing.url}</a>` : 'not visible to visitors yet'}</dd></dl>
${p.status_reason && html`<p class="note">${p.status_reason}</p>`}
<p class="note" id="next-step"><strong>Next step:</strong> ${p.next_step}</p>
${errorSummary(state.errors)}
${gates(listing)}
${badge(listing)}
${canLaunch && launchChoices(listing, state)}
${editSection(listing, state)}
<p><a href="/me/listings">All your listings</a> · <a href="/me/orders">Your orders</a></p>`;
}

function gates(listing: OwnerListing): Html | null {
  const { badge: gate, founder_profile: founders } = listing.publication;
  if (!gate || !founders) return null;
  const missing = founders.missing.map((m) => html`<li>${m}</li>`);
  return html`<section aria-labelledby="gates-heading" id="gates"><h2 id="gates-heading">Free launch gates</h2>
<ul><li id="gate-badge" data-met="${String(gate.found)}"><strong>Badge on your homepage:</strong> ${gate.found ? 'found' : 'not found yet'}. ${gate.detail}
<br><span class="muted">Last check: ${when(gate.checked_at)}${gate.looked_at && html` at ${externalLink(gate.looked_at)}`}. Next check: ${when(gate.next_check_at)}.</span></li>
<li id="gate-founders" data-met="${String(founders.complete)}"><strong>Founder profile:</strong> ${founders.complete ? 'complete' : 'incomplete'}.${missing.length > 0 && html`<ul>${missing}</ul>`}</li></ul></section>`;
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
  const paid =
    launch &&
    html`<section aria-labelledby="paid-heading" id="paid-launch"><h2 id="paid-heading">Paid launch</h2>
<p>${launch.name}: ${dollars(launch.price_cents)} before VAT. ${launch.description}</p>
${form(
  `${path}/quote`,
  state.csrf,
  html`${control('week', 'Launch week', 'A date YYYY-MM-DD in the week you want (its Monday is used); empty: live at once.', 10)}
${control('categories', 'Extra categories', 'Up to 3 category slugs beyond the primary, separated by spaces or commas.', 700)}
${control('billing_country', 'Billing country', 'The ISO code of your country, such as DE or US; it decides the VAT.', 2)}
${control('vat_number', 'VAT number', 'EU businesses only.', 20)}
${control('promo_code', 'Promo code', 'Exactly as given.', 60)}`,
  'See the price',
)}</section>`;
  return html`<section aria-labelledby="free-heading" id="free-launch"><h2 id="free-heading">Free launch</h2>
<p>${queued ? 'Your listing is queued for a free launch week. Added the badge? Check the gates now.' : 'Launch for free in a week a few weeks ahead, once the badge is on your homepage and the founder profile is complete.'}</p>
${form(`${path}/free`, state.csrf, null, queued ? 'Check the gates now' : 'Choose the free launch')}</section>
${paid}`;
}

/** The listing's text fields, published at once when saved (update_my_listing). */
function editSection(listing: OwnerListing, state: ListingPageState): Html {
  const controls = editableControls.map((c) => {
    const key = `fields.${c.name}`;
    const value = Object.hasOwn(state.edits, key) ? state.edits[key] : (c.value(listing) ?? '');
    return textControl(state.errors, { key, label: c.label, value, maxlength: c.maxlength, rows: c.rows });
  });
  return html`<section aria-labelledby="edit-heading" id="edit"><h2 id="edit-heading">Edit the listing</h2>
<p>Changes are published at once; an emptied optional field is cleared.</p>
${form(`${myListingPath(listing.id)}/edit`, state.csrf, html`${controls}`, 'Save the changes')}</section>`;
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
