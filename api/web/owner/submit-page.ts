import type { ListedElsewhere } from '../../../src/errors.js';
import { html, type Html } from '../../../src/platform/html.js';
import { listingPath } from '../catalogue/catalogue-html.js';
import { textControl } from '../shared/forms/controls.js';
import { errorSummary, type FormErrors } from '../shared/forms/field-errors.js';
import { form } from '../shared/layout.js';

/** The claim page of a listing: planned at /listings/<slug>/claim, the address already_listed names. */
export function claimPath(slug: string): string {
  return `${listingPath(slug)}/claim`;
}

/** already_listed told to a person: the listing that holds the website, and a way to claim it. */
export function alreadyListedNote(listed: ListedElsewhere): Html {
  return html`<section class="note" aria-labelledby="already-listed"><h2 id="already-listed">This product is already listed</h2>
<p><a href="${listingPath(listed.slug)}">${listed.name}</a> is listed for this website. If the product is yours, claim the listing to manage it.</p>
<form method="get" action="${claimPath(listed.slug)}"><button type="submit">Claim ${listed.name}</button></form></section>`;
}

/** /submit: one field, the website; refused with the operation's messages, or "already listed" with a way to claim. */
export function submitBody(csrf: string, url: string, errors: FormErrors, listed?: ListedElsewhere): Html {
  const claim = listed && alreadyListedNote(listed);
  const fields = textControl(errors, {
    key: 'url',
    label: "Your product's website",
    value: url,
    hint: 'An address such as https://example.com, or just the domain.',
    maxlength: 2048,
    required: true,
    inputmode: 'url',
  });
  return html`<p>Give the address of your product's website. We read the site (respecting its robots.txt) and draft a listing in about a minute, quoting the site for every value. Nothing is published and nothing is charged until you choose.</p>
${claim ?? errorSummary(errors)}
${form('/submit', csrf, fields, 'Draft my listing')}`;
}
