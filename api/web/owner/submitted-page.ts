import type { DraftDetail } from '../../../src/drafts/schemas.js';
import { html, type Html } from '../../../src/platform/html.js';
import { draftPath } from './paths.js';

/** After submit_draft: what happened, and where the listing is managed next (/me/listings/{id}, the owner's listing page). */
export function submittedBody(draft: DraftDetail, listingId: number): Html {
  return html`<p id="submitted">${draft.name ?? draft.url} is saved as your listing #${listingId}. It is not published yet and nothing was charged.</p>
<p>Next, choose a free launch or a paid one from the listing's page: <a href="/me/listings/${String(listingId)}">manage your listing</a>.</p>
<p>You can still <a href="${draftPath(draft.id)}">edit the draft</a>: its changes reach the listing too.</p>`;
}
