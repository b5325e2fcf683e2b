import type { ClaimView } from '../../../src/claims/schemas.js';
import type { ListingProfile } from '../../../src/catalogue/schemas.js';
import { html, type Html } from '../../../src/platform/html.js';
import { externalLink, listingPath } from '../catalogue/catalogue-html.js';
import { groupError, textControl } from '../shared/forms/controls.js';
import { controlId, errorId, errorSummary, type FormErrors } from '../shared/forms/field-errors.js';
import { form } from '../shared/layout.js';
import { copyEmbedScript } from './assets.js';
import { myClaimPath, myListingPath } from './paths.js';
import { claimPath } from './submit-page.js';

/** The proof methods in the order offered, as a person reads them. */
export const claimMethodLabels = {
  dns: 'A DNS TXT record on the domain',
  meta: "A meta tag in the homepage's HTML",
  file: 'A file on the website',
  email: 'A link mailed to an address of the domain',
} as const;

export type ClaimMethodChoice = keyof typeof claimMethodLabels;

/** What the claim form sent, shown again after a refusal. */
export interface ClaimForm {
  method: string;
  email: string;
}

const statusWords: Record<ClaimView['status'], string> = {
  pending: 'Waiting for the proof',
  verified: 'Verified: the listing is yours',
  failed: 'Failed',
  expired: 'Expired: no proof within 7 days',
  canceled: 'Canceled',
};

const when = (stamp: string | null) => (stamp ? `${stamp.slice(0, 16).replace('T', ' ')} UTC` : 'not yet');

/** /listings/{slug}/claim: how the person will prove they run the website, then claim_listing. */
export function claimFormBody(listing: ListingProfile, csrf: string, sent: ClaimForm, errors: FormErrors): Html {
  const radios = Object.entries(claimMethodLabels).map(
    ([method, label]) =>
      html`<p><label><input type="radio" name="method" value="${method}"${sent.method === method && html` checked`}> ${label}</label></p>`,
  );
  const methodMessages = errors.at('method').length > 0;
  const fields = html`<fieldset id="${controlId('method')}"${methodMessages && html` aria-describedby="${errorId(controlId('method'))}"`}><legend>How will you prove it?</legend>${groupError(errors, 'method')}${radios}</fieldset>
${textControl(errors, {
  key: 'email',
  label: 'Email address (for the mailed link only)',
  value: sent.email,
  hint: "admin@, administrator@, webmaster@, hostmaster@ or postmaster@ the website's domain, or the contact address the website itself publishes.",
  maxlength: 254,
  inputmode: 'email',
})}`;
  const website = listing.links.website;
  return html`<p>Run ${website ? externalLink(website) : 'its website'}? Prove it and ${listing.name} becomes yours to manage: you can edit it, launch it and answer as its owner. <a href="${listingPath(listing.slug)}">Back to the listing</a></p>
${errorSummary(errors)}
${form(claimPath(listing.slug), csrf, fields, 'Start the claim')}`;
}

/** Where the proof goes and what it says, read from the claim's instructions (the operation's own words). */
interface Proof {
  how: string;
  where: { label: string; value: string };
  what: { label: string; value: string };
}

const proofPatterns: Partial<Record<ClaimView['method'], { how: string; where: string; what: string; pattern: RegExp }>> = {
  dns: {
    how: 'Add a DNS TXT record on this domain with exactly this value (other TXT records may stay).',
    where: 'Domain',
    what: 'TXT record value',
    pattern: /on (?<where>\S+) with the value "(?<what>[^"]+)"/,
  },
  meta: {
    how: "Put this tag in the <head> of the homepage's HTML, as the server sends it.",
    where: 'Homepage',
    what: 'Meta tag',
    pattern: /Put (?<what><meta [^>]+>) in the <head> of the homepage (?<where>\S+), so/,
  },
  file: {
    how: 'Publish a plain-text file at this address with exactly this content.',
    where: 'File address',
    what: 'File content',
    pattern: /file at (?<where>\S+) whose content is exactly "(?<what>[^"]+)"/,
  },
};

function proofOf(claim: ClaimView): Proof | undefined {
  const method = proofPatterns[claim.method];
  const found = method?.pattern.exec(claim.instructions)?.groups;
  return (
    method &&
    found && {
      how: method.how,
      where: { label: method.where, value: found.where },
      what: { label: method.what, value: found.what },
    }
  );
}

/** A read-only value, whole on screen when given rows, with a Copy button when scripts run (/assets/copy-embed.js). */
function copyable(id: string, label: string, value: string, rows?: number): Html {
  const field = rows
    ? html`<textarea id="${id}" rows="${rows}" readonly>${value}</textarea>`
    : html`<input type="text" id="${id}" value="${value}" readonly>`;
  return html`<p class="control"><label for="${id}">${label}</label><br>${field}
<button type="button" data-copy="${id}" hidden>Copy</button> <span id="${id}-status" role="status"></span></p>`;
}

/** /me/claims/{id}: the status, what to publish where, the last check and Check now; once verified, the way to the listing. */
export function claimBody(claim: ClaimView, csrf: string, alreadyOpen: boolean): Html {
  const open =
    alreadyOpen &&
    html`<p class="note" id="already-open">You already have an open claim on this listing, so it is shown here instead of a second one.</p>`;
  const verified =
    claim.status === 'verified' &&
    html`<p class="note" id="claim-verified">Verified ${when(claim.verified_at)}. The listing is yours: <a href="${myListingPath(claim.listing_id)}">manage the listing</a>.</p>`;
  return html`${open}<dl class="facts" id="claim-facts"><dt>Listing</dt><dd><a href="${listingPath(claim.slug)}">${claim.slug}</a></dd>
<dt>Method</dt><dd>${claimMethodLabels[claim.method]}</dd>
<dt>Status</dt><dd id="claim-status" data-status="${claim.status}">${statusWords[claim.status]}</dd>
${claim.status_reason && html`<dt>Why</dt><dd>${claim.status_reason}</dd>`}</dl>
${verified}
${claim.status === 'pending' && instructions(claim)}
${checks(claim, csrf)}
<p><a href="/me/claims">All your claims</a> · <a href="/me/listings">Your listings</a></p>`;
}

function instructions(claim: ClaimView): Html {
  const proof = proofOf(claim);
  // The operation's words stand alone when they name no value to copy (email, or wording this page does not know).
  const steps = proof
    ? html`${copyable('proof-where', proof.where.label, proof.where.value)}${copyable('proof-value', proof.what.label, proof.what.value, 3)}
<script src="${copyEmbedScript.path}" integrity="${copyEmbedScript.integrity}" defer></script>`
    : claim.method !== 'email' && html`<p id="claim-instructions">${claim.instructions}</p>`;
  const how =
    claim.method === 'email'
      ? html`<p>We mailed a one-time link to <strong>${claim.email}</strong>. Open it and press the confirm button on the page it shows.</p>`
      : html`<p>${proof && `${proof.how} `}Then press Check now; we also check by ourselves, first after a minute, then less often.</p>`;
  return html`<section aria-labelledby="proof-heading" id="proof"><h2 id="proof-heading">What to do</h2>
${how}${steps}
<p>Without proof by ${when(claim.expires_at)}, the claim expires.</p></section>`;
}

function checks(claim: ClaimView, csrf: string): Html {
  const next = claim.next_check_at && html` Next automatic check: ${when(claim.next_check_at)}.`;
  return html`<section aria-labelledby="check-heading" id="check"><h2 id="check-heading">Checks</h2>
<p id="last-check">Last check: ${when(claim.checked_at)}${claim.result && html`: <span id="check-result">${claim.result}</span>`}. Checks so far: ${String(claim.checks)}.${next}</p>
${claim.status === 'pending' && form(`${myClaimPath(claim.id)}/check`, csrf, null, 'Check now')}</section>`;
}

/** /me/claims: every claim of the person, newest first. */
export function claimsBody(claims: readonly ClaimView[], pager: Html | null): Html {
  if (claims.length === 0)
    return html`<p>You have no claim. To claim a listing you run, open its page and follow "Claim it".</p>`;
  const rows = claims.map(
    (
      c,
    ) => html`<tr data-claim="${c.id}"><td><a href="${listingPath(c.slug)}">${c.slug}</a></td><td>${claimMethodLabels[c.method]}</td>
<td>${statusWords[c.status]}</td><td>${when(c.checked_at)}${c.result && html`<br><span class="muted">${c.result}</span>`}</td>
<td><a href="${myClaimPath(c.id)}">Claim #${String(c.id)}</a></td></tr>`,
  );
  return html`<div class="scroll" role="region" aria-label="Your claims" tabindex="0"><table id="my-claims"><thead><tr><th>Listing</th><th>Method</th><th>Status</th><th>Last check</th><th>Claim</th></tr></thead>
<tbody>${rows}</tbody></table></div>
${pager}
<p><a href="/me/listings">Your listings</a></p>`;
}
