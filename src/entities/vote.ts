import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One person's community vote for one listing, with the time it was cast (weekly boards count by
 * it), its verdict (`discountReason`, null when it counts) and the keyed hash of its network.
 */
export const Vote = defineEntity({
  name: 'Vote',
  tableName: 'vote',
  properties: {
    listingId: p.integer().primary(),
    userId: p.integer().primary(),
    createdAt: p.datetime().defaultRaw('now()'),
    discountReason: p.string().length(20).nullable(),
    networkHash: p.string().length(64).nullable(),
  },
});

export type VoteEntity = InferEntity<typeof Vote>;
