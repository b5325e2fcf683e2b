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

/** add_milestone: a dated step on one of the owner's listings; public when its milestones section is unlocked. */
export async function addMilestone(
  em: EntityManager,
  ownerId: number,
  listingId: number,
  input: MilestoneInput,
): Promise<MilestoneRecord> {
  return em.transactional(async (tx) => {
    const listing = await tx.findOne(Listing, { id: listingId, ownerId });
    if (!listing) throw notFound(`Listing ${listingId}`);
    const milestone = tx.create(Milestone, {
      listing,
      date: input.date,
      title: input.title,
      description: input.description ?? null,
      url: input.url ?? null,
    });
    await tx.flush();
    return {
      id: milestone.id,
      date: input.date,
      title: milestone.title,
      description: milestone.description ?? null,
      url: milestone.url ?? null,
    };
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
