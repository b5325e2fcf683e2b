import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** An operator's block of an account, with what it changed, so that the unblock restores exactly that. */
export const AccountBlock = defineEntity({
  name: 'AccountBlock',
  tableName: 'account_block',
  properties: {
    id: p.integer().primary(),
    userId: p.integer(),
    reason: p.string().length(2000),
    blockedBy: p.integer().nullable(),
    blockedAt: p.datetime().defaultRaw('now()'),
    unblockedBy: p.integer().nullable(),
    unblockedAt: p.datetime().nullable(),
    hiddenReviewIds: p.array(Number, String).columnType('int[]').default([]),
    discountedListingIds: p.array(Number, String).columnType('int[]').default([]),
  },
});

export type AccountBlockEntity = InferEntity<typeof AccountBlock>;
