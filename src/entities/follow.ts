import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A person following a listing: they are mailed its updates posted after `createdAt`. */
export const Follow = defineEntity({
  name: 'Follow',
  tableName: 'follow',
  properties: {
    listingId: p.integer().primary(),
    userId: p.integer().primary(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});

export type FollowEntity = InferEntity<typeof Follow>;
