import type { EntityManager } from '@mikro-orm/postgresql';
import { unlockedSections } from '../domain/listing-facts.js';
import { publicStatuses } from '../domain/catalogue-terms.js';
import { FounderStory } from '../entities/founder-story.js';
import { Listing } from '../entities/listing.js';
import { notFound } from '../errors.js';

export interface SavedStory {
  listing_id: number;
  story: { founder: string | null; sections: Record<string, string>; published_at: Date | null };
  public: boolean;
}

/**
 * set_founder_story: changes the sent sections of a listing's founder story ("" removes one) and
 * publishes it with the listing: visitors see it while the listing is visible and its story
 * section is unlocked. The story is told by the listing's first founder.
 */
export async function setFounderStory(
  em: EntityManager,
  ownerId: number,
  listingId: number,
  sections: Record<string, string | undefined>,
): Promise<SavedStory> {
  return em.transactional(async (tx) => {
    const listing = await tx.findOne(Listing, { id: listingId, ownerId }, { populate: ['founders.founder'] });
    if (!listing) throw notFound(`Listing ${listingId}`);
    const story =
      (await tx.findOne(FounderStory, { listing }, { populate: ['founder'] })) ??
      tx.create(FounderStory, { listing, founder: listing.founders.getItems()[0]?.founder ?? null, sections: {} });
    const merged = { ...story.sections };
    for (const [section, text] of Object.entries(sections)) {
      if (text === undefined) continue;
      if (text === '') delete merged[section];
      else merged[section] = text;
    }
    const now = new Date();
    Object.assign(story, { sections: merged, publishedAt: story.publishedAt ?? now, updatedAt: now });
    const visible = (publicStatuses as readonly string[]).includes(listing.status);
    return {
      listing_id: listing.id,
      story: { founder: story.founder?.slug ?? null, sections: merged, published_at: story.publishedAt ?? null },
      public: visible && unlockedSections(listing.plan, listing.unlockedSections).includes('story'),
    };
  });
}
