import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** An operator's voiding of a person's votes: who, why, and which listings lost a vote. */
export const VoteVoid = defineEntity({
  name: 'VoteVoid',
  tableName: 'vote_void',
  properties: {
    id: p.integer().primary(),
    userId: p.integer().nullable(),
    email: p.string().length(254),
    reason: p.string().length(500),
    listingIds: p.array(Number, String).columnType('int[]'),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});

export type VoteVoidEntity = InferEntity<typeof VoteVoid>;
