import type { EntityManager } from '@mikro-orm/postgresql';
import { publicStatuses } from '../domain/catalogue-terms.js';
import { AppError, notFound } from '../errors.js';
import { Follow } from '../entities/follow.js';
import { Listing, type ListingEntity } from '../entities/listing.js';
import { Vote } from '../entities/vote.js';

/** The public listing a person acts on, by slug; anything not public is not found. */
export async function publicListing(em: EntityManager, siteId: number, slug: string): Promise<ListingEntity> {
  const listing = await em.findOne(Listing, { siteId, slug, status: { $in: [...publicStatuses] } });
  if (!listing) throw notFound(`Listing ${slug}`);
  return listing;
}

/** A rule's refusal as a 409 with the reason, or nothing. */
export function refuseWith(reason: string | null): void {
  if (reason) throw new AppError('conflict', reason);
}

/** Whether the person's vote (or follow) now stands, and the listing's count of them. */
export interface ToggleState {
  on: boolean;
  count: number;
}

/**
 * Makes a person's vote or follow row for a listing exist (wanted) or not, asking `refusal` only
 * before adding one. The same answer twice changes nothing, and two requests adding the same row
 * at once leave one.
 */
export async function setPersonRow(
  tx: EntityManager,
  entity: typeof Vote | typeof Follow,
  key: { listingId: number; userId: number },
  wanted: boolean,
  refusal: () => string | null,
): Promise<void> {
  const existing = await tx.findOne(entity, key);
  if (wanted && !existing) {
    refuseWith(refusal());
    // A concurrent request may have added the row since: keep theirs rather than abort this transaction.
    await tx.createQueryBuilder(entity).insert(key).onConflict(['listingId', 'userId']).ignore().execute();
  } else if (!wanted && existing) {
    await tx.remove(existing).flush();
  }
}
