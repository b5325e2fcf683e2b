/**
 * Whether followers are mailed about a listing update (DESIGN, Listings (owner side)): at most
 * UPDATE_MAILS_PER_LISTING_PER_DAY updates of one listing in any 24 hours are; a later one is
 * stored and shown all the same. Pure: the service counts the mailed ones under a lock.
 */

export const updateMailWindowMs = 24 * 3_600_000;

/** The listing's updates mailed within the last 24 hours: how many, and when the oldest was posted. */
export interface RecentUpdateMails {
  mailed: number;
  oldestAt: Date | null;
}

export type UpdateMail = { mailed: true } | { mailed: false; nextMailAt: Date | null };

/** Mailed while the window has room; otherwise not, with the moment the oldest mail leaves the window (null: never). */
export function updateMailOf(recent: RecentUpdateMails, perDay: number): UpdateMail {
  if (recent.mailed < perDay) return { mailed: true };
  const nextMailAt = perDay > 0 && recent.oldestAt ? new Date(recent.oldestAt.getTime() + updateMailWindowMs) : null;
  return { mailed: false, nextMailAt };
}
