import type { EntityManager } from '@mikro-orm/postgresql';
import { publicStatuses } from '../domain/catalogue-terms.js';
import { AppError, notFound } from '../errors.js';
import { Listing, type ListingEntity } from '../entities/listing.js';

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
