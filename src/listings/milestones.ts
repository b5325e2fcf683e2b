import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Milestone as MilestoneInput } from '../domain/draft-content.js';
import { Listing } from '../entities/listing.js';
import { Milestone } from '../entities/milestone.js';
import { notFound } from '../errors.js';

export interface MilestoneRecord {
  id: number;
  date: string;
  title: string;
  description: string | null;
  url: string | null;
}

/**
 * add_milestone: a dated step on one of the owner's listings; public when its milestones section
 * is unlocked. Kept under the request's Idempotency-Key when it has one, so that a retry of a
 * request whose answer was lost after its commit answers that milestone instead of adding another.
 */
export async function addMilestone(
  em: EntityManager,
  ownerId: number,
  listingId: number,
  input: MilestoneInput,
  requestKey?: string,
): Promise<MilestoneRecord> {
  const add = () =>
    em.transactional(async (tx) => {
      const listing = await tx.findOne(Listing, { id: listingId, ownerId });
      if (!listing) throw notFound(`Listing ${listingId}`);
      const milestone =
        (requestKey && (await tx.findOne(Milestone, { listing, requestKey }))) ||
        tx.create(Milestone, {
          listing,
          date: input.date,
          title: input.title,
          description: input.description ?? null,
          url: input.url ?? null,
          requestKey: requestKey ?? null,
        });
      await tx.flush();
      return {
        id: milestone.id,
        date: milestone.date,
        title: milestone.title,
        description: milestone.description ?? null,
        url: milestone.url ?? null,
      };
    });
  // A request under the same key that was still running (its key taken over after the wait) added it first.
  return add().catch((error: unknown) => {
    if (requestKey && error instanceof UniqueConstraintViolationException) return add();
    throw error;
  });
}

/** delete_milestone: removes one milestone of one of the owner's listings; any other is 404. */
export async function deleteMilestone(em: EntityManager, ownerId: number, listingId: number, milestoneId: number): Promise<void> {
  await em.transactional(async (tx) => {
    const milestone = await tx.findOne(Milestone, { id: milestoneId, listing: { id: listingId, ownerId } });
    if (!milestone) throw notFound(`Milestone ${milestoneId} of listing ${listingId}`);
    tx.remove(milestone);
  });
}
