import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One person's community vote for one listing, with the time it was cast (weekly boards count by it). */
export const Vote = defineEntity({
  name: 'Vote',
  tableName: 'vote',
  properties: {
    listingId: p.integer().primary(),
    userId: p.integer().primary(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});

export type VoteEntity = InferEntity<typeof Vote>;
