import type { ReviewRow } from '../../../src/community/reviews.js';
import type { ViewerState } from '../../../src/community/viewer.js';
import { reviewMaxLength } from '../../../src/domain/community.js';
import { html, joinHtml, type Html } from '../../../src/platform/html.js';
import { listingPath, plural } from '../catalogue/catalogue-html.js';
import { hidden } from '../shared/layout.js';
import { reportPath } from '../moderation/report-pages.js';

/** The vote, follow and review pieces of a listing page, for a signed-in person or a visitor. */

/** Who is looking: a signed-in person with a form token and their state, or a visitor. */
export type Viewer = { signedIn: true; csrf: string; state: ViewerState } | { signedIn: false };

interface Toggle {
  kind: 'vote' | 'follow';
  on: boolean;
  count: number;
  offLabel: string;
  onLabel: string;
  /** The counted thing, singular: "community vote". */
  countName: string;
}

/**
 * A toggle button with its count. Signed in: a POST form (CSRF) that the small script enhances.
 * Visitor: a GET form to sign-in that comes back to the listing, so the click still leads somewhere.
 */
function toggleForm(slug: string, viewer: Viewer, t: Toggle): Html {
  const path = listingPath(slug);
  const inner = html`<button type="submit" class="toggle ${t.kind}" aria-pressed="${String(t.on)}"><span class="label">${t.on ? t.onLabel : t.offLabel}</span> <span class="count">${plural(t.count, t.countName)}</span></button>`;
  if (!viewer.signedIn)
    return html`<form method="get" action="/sign-in" class="toggle-form" id="${t.kind}">${hidden('return_to', path)}${inner}</form>`;
  return html`<form method="post" action="${path}/${t.kind}" class="toggle-form" id="${t.kind}" data-toggle="${t.kind}" data-on-label="${t.onLabel}" data-off-label="${t.offLabel}">${hidden('csrf', viewer.csrf)}<input type="hidden" name="on" value="${t.on ? '0' : '1'}">${inner}</form>`;
}

/** Vote and follow buttons with their counts; the owner sees why they cannot vote. */
export function communityActions(
  listing: { slug: string; status: string; votes: number; followers: number },
  viewer: Viewer,
): Html {
  const { slug } = listing;
  const state = viewer.signedIn ? viewer.state : undefined;
  const vote =
    listing.status === 'live'
      ? state?.owner
        ? html`<p class="muted vote-own"><span class="vote-count">${plural(state.votes, 'community vote')}</span>. You cannot vote for your own listing.</p>`
        : toggleForm(slug, viewer, {
            kind: 'vote',
            on: !!state?.voted,
            count: state?.votes ?? listing.votes,
            offLabel: '▲ Upvote',
            onLabel: '▲ Voted',
            countName: 'community vote',
          })
      : html`<p class="muted">Votes open when the listing is live.</p>`;
  const follow = toggleForm(slug, viewer, {
    kind: 'follow',
    on: !!state?.following,
    count: state?.followers ?? listing.followers,
    // Following an upcoming listing is how people ask to be told when it launches.
    offLabel: listing.status === 'scheduled' ? 'Notify me at launch' : 'Follow',
    onLabel: listing.status === 'scheduled' ? 'You will be notified' : 'Following',
    countName: 'follower',
  });
  return html`<div class="actions">${vote}${follow}</div>
<p class="muted">Votes come only from people on this site, one per person.${!viewer.signedIn && ' Sign in to vote, follow or review.'}</p>`;
}

const stars = (n: number) => `${'★'.repeat(n)}${'☆'.repeat(5 - n)}`;

/** The reviews of a listing and, for a signed-in person, the form to write or edit theirs. */
export function reviewsSection(slug: string, reviews: readonly ReviewRow[], viewer: Viewer): Html {
  const items = reviews.map(
    (
      r,
    ) => html`<li class="review" id="review-${String(r.id)}"><p><span class="stars" role="img" aria-label="${r.rating} out of 5">${stars(r.rating)}</span> <strong>${r.author}</strong>${r.by_owner && html` <span class="tag">by the owner, not counted</span>`}${r.flagged && html` <span class="tag">flagged, not counted</span>`} <span class="muted">${r.updated_at.slice(0, 10)}</span></p>
${r.body && html`<p class="pre">${r.body}</p>`}${!r.mine && html`<p class="muted"><a href="${reportPath('review', r.id)}" rel="nofollow">Report</a></p>`}</li>`,
  );
  const mine = reviews.find((r) => r.mine);
  const form = viewer.signedIn
    ? html`<form method="post" action="${listingPath(slug)}/review" class="review-form">${hidden('csrf', viewer.csrf)}
<h3>${mine ? 'Edit your review' : 'Write a review'}</h3>
<p><label for="review-rating">Rating</label> <select id="review-rating" name="rating" required>${[5, 4, 3, 2, 1].map(
        (n) =>
          html`<option value="${String(n)}"${mine?.rating === n && html` selected`}>${stars(n)} ${plural(n, 'star')}</option>`,
      )}</select></p>
<p><label for="review-body">Your review <span class="muted">(optional, at most ${reviewMaxLength} characters)</span></label><br>
<textarea id="review-body" name="body" rows="5" maxlength="${String(reviewMaxLength)}">${mine?.body ?? ''}</textarea></p>
<button type="submit">${mine ? 'Save your review' : 'Post review'}</button></form>`
    : html`<p><a href="/sign-in?return_to=${encodeURIComponent(`${listingPath(slug)}#reviews`)}">Sign in to write a review</a>.</p>`;
  return html`${items.length ? html`<ul class="reviews">${joinHtml(items, '\n')}</ul>` : html`<p class="muted">No reviews yet.</p>`}
${form}`;
}
