import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { PromoKind } from '../domain/promo.js';
import { TextArrayType } from './text-array.js';

/** A promo code the site team made (`npm run cli -- promo create`). */
export const PromoCodeRecord = defineEntity({
  name: 'PromoCodeRecord',
  tableName: 'promo_code',
  properties: {
    id: p.integer().primary(),
    siteId: p.integer(),
    code: p.string().length(60),
    kind: p.string().$type<PromoKind>().length(10),
    value: p.integer(),
    productKeys: p.type(TextArrayType).default('{}'),
    startsAt: p.datetime().nullable(),
    endsAt: p.datetime().nullable(),
    maxRedemptions: p.integer().nullable(),
    redemptions: p.integer().default(0),
    active: p.boolean().default(true),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});

export type PromoCodeRecordEntity = InferEntity<typeof PromoCodeRecord>;
