import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Something a person can buy, priced in USD cents without VAT by the operator. */
export const Product = defineEntity({
  name: 'Product',
  tableName: 'product',
  properties: {
    id: p.integer().primary(),
    siteId: p.integer(),
    key: p.string().length(60),
    name: p.string().length(200),
    description: p.string().length(1000).default(''),
    priceCents: p.integer(),
    /** Bought for one of the buyer's listings. */
    needsListing: p.boolean().default(true),
    active: p.boolean().default(true),
    position: p.integer().default(0),
  },
});

export type ProductEntity = InferEntity<typeof Product>;
