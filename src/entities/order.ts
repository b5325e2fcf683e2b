import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { OrderStatus } from '../domain/order-status.js';
import type { PricedOrder } from '../domain/pricing.js';
import type { VatNumberCheckResult } from '../domain/vat.js';
import { OrderLine } from './order-line.js';

/** The VAT an order carries and the check of the buyer's VAT number behind it (kept for the invoice). */
export type OrderVat = PricedOrder['vat'] & {
  vat_number: string | null;
  vat_number_valid: boolean | null;
  validated: 'vies' | 'format' | null;
  vies_result: VatNumberCheckResult | null;
  /** ISO time of the check. */
  checked_at: string | null;
  reason: string | null;
};

/** What a person buys in one checkout: its priced lines, VAT, promo, payment and status. */
export const Order = defineEntity({
  name: 'Order',
  tableName: 'orders',
  properties: {
    id: p.integer().primary(),
    siteId: p.integer(),
    number: p.string().length(24).unique(),
    ownerId: p.integer(),
    status: p.string().$type<OrderStatus>().length(12),
    currency: p.string().columnType('char(3)').default('USD'),
    billingCountry: p.string().columnType('char(2)'),
    vatNumber: p.string().length(20).nullable(),
    vat: p.json<OrderVat>(),
    promoCode: p.string().length(60).nullable(),
    promo: p.json<PricedOrder['promo']>().nullable(),
    subtotalCents: p.integer(),
    discountCents: p.integer(),
    netCents: p.integer(),
    vatCents: p.integer(),
    totalCents: p.integer(),
    checkoutToken: p.string().length(64),
    billingName: p.string().length(200).nullable(),
    billingAddress: p.string().length(1000).nullable(),
    provider: p.string().length(10).nullable(),
    providerReference: p.string().length(255).nullable(),
    paymentMethod: p.string().length(20).nullable(),
    invoiceNumber: p.string().length(24).nullable(),
    expiresAt: p.datetime(),
    paidAt: p.datetime().nullable(),
    fulfilledAt: p.datetime().nullable(),
    /** Set in the transaction that mailed the receipt, after the one that fulfilled the order. */
    receiptMailedAt: p.datetime().nullable(),
    refundedAt: p.datetime().nullable(),
    disputedAt: p.datetime().nullable(),
    /** Made in test mode (no money could move): it is paid only in test mode, and says TEST everywhere. */
    testMode: p.boolean().default(false),
    /** The Idempotency-Key of the create_checkout that built it: a retry of that request answers this order. */
    requestKey: p.string().length(255).nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
    version: p.integer().version(),
    lines: () => p.oneToMany(OrderLine).mappedBy('order').orderBy({ position: 'asc' }).orphanRemoval(),
  },
});

export type OrderEntity = InferEntity<typeof Order>;
