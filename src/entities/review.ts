import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A person's review of a listing, one per person and listing; the site team may flag it out of the
 * rating, or hide it by a moderation decision.
 */
export const Review = defineEntity({
  name: 'Review',
  tableName: 'review',
  properties: {
    id: p.integer().primary(),
    listingId: p.integer(),
    userId: p.integer(),
    rating: p.smallint(),
    body: p.string().length(5000).default(''),
    flagged: p.boolean().default(false),
    hidden: p.boolean().default(false),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});

export type ReviewEntity = InferEntity<typeof Review>;
