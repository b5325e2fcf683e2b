import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { LineOptions } from '../domain/pricing.js';
import { Order } from './order.js';

/** One item of an order, priced; `fulfilledAt` is set in the transaction that delivered it, once. */
export const OrderLine = defineEntity({
  name: 'OrderLine',
  tableName: 'order_line',
  properties: {
    id: p.integer().primary(),
    order: () => p.manyToOne(Order).deleteRule('cascade'),
    position: p.integer(),
    productKey: p.string().length(60),
    listingId: p.integer().nullable(),
    options: p.json<LineOptions>().default('{}'),
    quantity: p.integer(),
    unitCents: p.integer(),
    discountCents: p.integer(),
    netCents: p.integer(),
    vatRate: p.decimal('number').precision(5).scale(2),
    vatCents: p.integer(),
    totalCents: p.integer(),
    fulfilledAt: p.datetime().nullable(),
  },
});

export type OrderLineEntity = InferEntity<typeof OrderLine>;
