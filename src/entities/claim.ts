import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ClaimMethod, ClaimStatus } from '../domain/claims.js';

/** A person's claim on a listing, with the last check it had; its status moves only through moveClaim. */
export const Claim = defineEntity({
  name: 'Claim',
  tableName: 'claim',
  properties: {
    id: p.integer().primary(),
    listingId: p.integer(),
    userId: p.integer(),
    method: p.string().$type<ClaimMethod>().length(10),
    email: p.string().length(254).nullable(),
    token: p.string().length(64),
    status: p.string().$type<ClaimStatus>().length(10).default('pending'),
    statusReason: p.string().length(500).nullable(),
    checks: p.integer().default(0),
    checkedAt: p.datetime().nullable(),
    checkResult: p.string().length(500).nullable(),
    nextCheckAt: p.datetime().nullable(),
    expiresAt: p.datetime(),
    linkHash: p.string().columnType('char(64)').nullable(),
    linkSentAt: p.datetime().nullable(),
    linkConfirmedAt: p.datetime().nullable(),
    verifiedAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  },
});

export type ClaimEntity = InferEntity<typeof Claim>;
