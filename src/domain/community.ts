import { publicStatuses } from './catalogue-terms.js';
import type { ListingStatus } from './listing-status.js';

/**
 * What people may do to a listing on the site: vote, follow, review, report a review. Pure: the
 * commands load the listing and the person, ask here, and write only when the answer is null.
 */

/** The listing as these rules see it. */
export interface CommunityTarget {
  status: ListingStatus;
  ownerId?: number | null;
}

export const reviewMaxLength = 2000;
export const reportReasonMaxLength = 500;
export const voidReasonMaxLength = 500;

/** Why a person may not vote for this listing, or null when they may. Votes count only while live. */
export function voteRefusal(listing: CommunityTarget, userId: number): string | null {
  if (listing.status !== 'live') return 'Votes open when the listing is live.';
  if (listing.ownerId === userId) return 'You cannot vote for your own listing.';
  return null;
}

/** A public listing (live, or scheduled and shown as upcoming) can be followed; its updates are mailed. */
export function followRefusal(listing: CommunityTarget): string | null {
  return (publicStatuses as readonly string[]).includes(listing.status) ? null : 'Only public listings can be followed.';
}

/**
 * Reviews are of products people can use: live listings. The owner may write one; the community
 * rating leaves it out, as it does flagged ones (src/catalogue/listing-profile.ts).
 */
export function reviewRefusal(listing: CommunityTarget): string | null {
  return listing.status === 'live' ? null : 'Reviews open when the listing is live.';
}

export interface ReviewInput {
  rating: number;
  body: string;
}

export interface FieldProblem {
  path: string;
  message: string;
}

/** A rating 1 to 5 (whole stars) and text of at most 2000 characters, trimmed; problems name the field. */
export function parseReview(rating: unknown, body: unknown): { review?: ReviewInput; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const stars = typeof rating === 'string' && /^[1-5]$/.test(rating.trim()) ? Number(rating.trim()) : rating;
  if (typeof stars !== 'number' || !Number.isInteger(stars) || stars < 1 || stars > 5)
    problems.push({ path: 'rating', message: 'a whole number of stars from 1 to 5' });
  const text = typeof body === 'string' ? body.replace(/\r\n/g, '\n').trim() : '';
  if (typeof body !== 'string' && body !== undefined) problems.push({ path: 'body', message: 'text' });
  if (text.length > reviewMaxLength) problems.push({ path: 'body', message: `at most ${reviewMaxLength} characters` });
  return problems.length ? { problems } : { review: { rating: stars as number, body: text }, problems };
}

/** A reason given in words: trimmed, not empty, bounded. */
export function parseReason(reason: unknown, max: number): string | null {
  const text = typeof reason === 'string' ? reason.trim() : '';
  return text.length >= 1 && text.length <= max ? text : null;
}
