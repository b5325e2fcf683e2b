import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import { earliestFreeWeek } from '../domain/launch-plan.js';
import { Listing } from '../entities/listing.js';
import { notFound } from '../errors.js';
import { listingClaimant, refuseSecondPublicListing } from '../listings/one-per-domain.js';
import { getOwnedListing } from '../listings/owner-view.js';
import type { OwnerListing } from '../listings/schemas.js';
import { statusAfter } from '../listings/status.js';
import { listingUnitOfWork } from '../listings/unit-of-work.js';
import type { TemporalHandle } from '../temporal.js';
import { checkFreeLaunchNow } from './lifecycle.js';
import { firstWeekWithFreeSlot } from './slots.js';

/**
 * choose_free_listing: queues a draft listing of the caller's for the first free launch week at
 * least FREE_QUEUE_WEEKS ahead with a slot (counted under a lock, so concurrent choices never
 * over-fill a week), starts its listingLaunch, and checks the gates at once. A listing already
 * queued on the free plan only has its gates checked again. Anything else is a 409 with the reason
 * (already_listed while another listing is public on its domain).
 * Answers the owner view as it stands after that check, or after GATE_CHECK_WAIT_MS when the check
 * (a slow website) takes longer; it goes on, and the owner view shows its result when done.
 */
export async function chooseFreeListing(
  em: EntityManager,
  temporal: TemporalHandle,
  config: Config,
  ownerId: number,
  listingId: number,
): Promise<OwnerListing> {
  const week = await listingUnitOfWork(em, async (tx) => {
    const listing = await tx.findOne(Listing, { id: listingId, ownerId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!listing) throw notFound(`Listing ${listingId}`);
    const queued = listing.plan === 'free' && (listing.status === 'awaiting_badge' || listing.status === 'scheduled');
    if (queued && listing.launchWeek) return String(listing.launchWeek).slice(0, 10);
    listing.status = statusAfter(listing.status, 'choose_free');
    // Not public yet, but it could never be: said now, not after weeks in the queue.
    await refuseSecondPublicListing(tx, config.publicUrl, listingClaimant(listing), 'path.listing_id');
    const from = earliestFreeWeek(new Date(), config.launches.freeQueueWeeks);
    listing.launchWeek = await firstWeekWithFreeSlot(
      tx,
      listing.siteId,
      'free',
      from,
      config.launches.freeSlotsPerWeek,
      listing.id,
    );
    listing.plan = 'free';
    listing.statusReason = null;
    return listing.launchWeek;
  });
  await checkFreeLaunchNow(temporal, { listingId, ownerId, week }, config.launches.gateCheckWaitMs);
  return getOwnedListing(em, config.publicUrl, ownerId, listingId);
}
