import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Founder } from './founder.js';
import { Listing } from './listing.js';

/** A founder named on a listing, in the listing's order; a founder may be on several listings. */
export const ListingFounder = defineEntity({
  name: 'ListingFounder',
  tableName: 'listing_founder',
  properties: {
    listing: () => p.manyToOne(Listing).primary().deleteRule('cascade'),
    founder: () => p.manyToOne(Founder).primary().deleteRule('cascade'),
    position: p.integer().default(0),
  },
});

export type ListingFounderEntity = InferEntity<typeof ListingFounder>;
