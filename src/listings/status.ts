import { AppError } from '../errors.js';
import { moveListing, type ListingEvent, type ListingStatus } from '../domain/listing-status.js';

/**
 * The status a listing takes on `event` (null: a listing not created yet), by the domain's
 * transitions, the only way a listing's status changes. An illegal move is a 409 conflict with
 * the reason.
 */
export function statusAfter(from: ListingStatus | null, event: ListingEvent): ListingStatus {
  const move = moveListing(from, event);
  if (!move.ok) throw new AppError('conflict', move.reason);
  return move.status;
}
