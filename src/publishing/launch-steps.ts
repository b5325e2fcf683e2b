import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import type { ListingEvent, ListingPlan } from '../domain/listing-status.js';
import { addWeeks, isoDate, mondayOf, parseIsoDate } from '../domain/weeks.js';
import { Listing, type ListingEntity } from '../entities/listing.js';
import { AppError, notFound } from '../errors.js';
import { listingClaimant, refuseSecondPublicListing } from '../listings/one-per-domain.js';
import { statusAfter } from '../listings/status.js';
import { listingUnitOfWork } from '../listings/unit-of-work.js';
import type { Mailer } from '../mail/index.js';
import { noticeOwner } from './notices.js';
import { firstWeekWithFreeSlot } from './slots.js';

/**
 * The steps of a listing's launch, as the listingLaunch workflow's activities take them. Each is
 * one unit of work through the status transitions, and each is safe to repeat: a retried step
 * finds the listing already where the step puts it and changes nothing.
 */

async function onListing<T>(
  em: EntityManager,
  listingId: number,
  work: (listing: ListingEntity, tx: EntityManager) => Promise<T>,
) {
  return listingUnitOfWork(em, async (tx) => {
    const listing = await tx.findOne(Listing, { id: listingId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!listing) throw notFound(`Listing ${listingId}`);
    return work(listing, tx);
  });
}

const weekOf = (value: ListingEntity['launchWeek']): string | null => (value ? String(value).slice(0, 10) : null);

/**
 * A free launch is scheduled for, and goes live in, only the week PostgreSQL gave the listing
 * (choose_free_listing or a missed week's move): a run started by hand with another week is a
 * request, never a place in the queue. Going live late (a worker was down) is still its week.
 */
function refuseOtherFreeWeek(listing: ListingEntity, week: string, orLater = false): void {
  const recorded = weekOf(listing.launchWeek);
  if (recorded === week || (orLater && recorded !== null && recorded < week)) return;
  throw new AppError('conflict', `Listing ${listing.id} launches free in the week of ${recorded ?? 'no week'}, not ${week}.`);
}

/**
 * A listing becomes public (scheduled, live) only while no other listing of its registrable
 * domain is: a draft whose first listing was claimed away cannot publish a second one.
 */
const refuseDomainTaken = (tx: EntityManager, publicUrl: string, listing: ListingEntity) =>
  refuseSecondPublicListing(tx, publicUrl, listingClaimant(listing), 'path.listing_id');

/** Scheduled for `week`: a free listing whose gates hold, or a paid launch for a later week. */
export async function scheduleLaunch(
  em: EntityManager,
  publicUrl: string,
  input: { listingId: number; plan: ListingPlan; week: string },
): Promise<void> {
  await onListing(em, input.listingId, async (listing, tx) => {
    if (listing.status === 'scheduled' && listing.plan === input.plan && weekOf(listing.launchWeek) === input.week) return;
    if (input.plan === 'free') refuseOtherFreeWeek(listing, input.week);
    const event: ListingEvent = input.plan === 'paid' ? 'paid_launch_scheduled' : 'gates_met';
    listing.status = statusAfter(listing.status, event);
    await refuseDomainTaken(tx, publicUrl, listing);
    listing.plan = input.plan;
    listing.launchWeek = input.week;
    listing.statusReason = null;
  });
}

/**
 * Live now, in the week that holds this moment: from scheduled when its week begins, or at once
 * by a free listing whose gates hold in its week or a paid launch. The owner is mailed once.
 */
export async function goLive(
  em: EntityManager,
  mailer: Mailer,
  publicUrl: string,
  input: { listingId: number; plan: ListingPlan },
): Promise<void> {
  const week = await onListing(em, input.listingId, async (listing, tx) => {
    if (listing.status !== 'live') {
      const now = new Date();
      if (input.plan === 'free') refuseOtherFreeWeek(listing, isoDate(mondayOf(now)), true);
      // A free listing whose gates hold within its week passes through scheduled on its way.
      if (listing.status === 'awaiting_badge' && input.plan === 'free') listing.status = statusAfter(listing.status, 'gates_met');
      const event: ListingEvent =
        input.plan === 'paid' && listing.status !== 'scheduled' ? 'paid_launch_now' : 'launch_week_began';
      listing.status = statusAfter(listing.status, event);
      await refuseDomainTaken(tx, publicUrl, listing);
      listing.launchWeek = isoDate(mondayOf(now));
      listing.launchedAt = now;
      listing.statusReason = null;
    }
    if (input.plan === 'paid') listing.plan = 'paid';
    return weekOf(listing.launchWeek)!;
  });
  await noticeOwner(em, mailer, publicUrl, { listingId: input.listingId, kind: 'live', week });
}

/**
 * Support moves a scheduled launch to now: the listing's week becomes this one, recorded here by
 * the operator's command before the workflow is asked to act on it.
 */
export async function moveLaunchToNow(em: EntityManager, listingId: number): Promise<void> {
  await onListing(em, listingId, (listing) => {
    if (listing.status !== 'scheduled') throw new AppError('conflict', `${listing.slug} is ${listing.status}, not scheduled.`);
    listing.launchWeek = isoDate(mondayOf(new Date()));
    return Promise.resolve();
  });
}

/** Whether PostgreSQL shows the listing scheduled in a week that has begun: a go-live-now request holds only then. */
export async function launchMovedToNow(em: EntityManager, listingId: number): Promise<boolean> {
  const listing = await em.findOne(Listing, { id: listingId }, { fields: ['status', 'launchWeek'] });
  const week = listing && weekOf(listing.launchWeek);
  return listing?.status === 'scheduled' && week !== null && week <= isoDate(mondayOf(new Date()));
}

/** A free week missed: the listing moves to the next week with a free slot after it, and the owner is told. */
export async function moveLaunchWeek(
  em: EntityManager,
  config: Config,
  mailer: Mailer,
  input: { listingId: number; missedWeek: string },
): Promise<string> {
  const week = await onListing(em, input.listingId, async (listing, tx) => {
    const current = weekOf(listing.launchWeek);
    // A retry after the move finds the listing already in a later week.
    if (current && current > input.missedWeek) return current;
    const after = addWeeks(parseIsoDate(input.missedWeek)!, 1);
    const next = await firstWeekWithFreeSlot(tx, listing.siteId, 'free', after, config.launches.freeSlotsPerWeek, listing.id);
    listing.launchWeek = next;
    return next;
  });
  await noticeOwner(em, mailer, config.publicUrl, { listingId: input.listingId, kind: 'week_moved', week });
  return week;
}

/** The free launch gave up after its missed weeks: back to draft with the reason, and the owner is told. */
export async function returnToDraft(
  em: EntityManager,
  mailer: Mailer,
  publicUrl: string,
  input: { listingId: number; reason: string; lastWeek: string },
): Promise<void> {
  await onListing(em, input.listingId, (listing) => {
    if (listing.status === 'awaiting_badge') {
      listing.status = statusAfter(listing.status, 'weeks_missed');
      listing.statusReason = input.reason;
      listing.launchWeek = null;
    }
    return Promise.resolve();
  });
  await noticeOwner(em, mailer, publicUrl, { listingId: input.listingId, kind: 'returned_to_draft', week: input.lastWeek });
}
