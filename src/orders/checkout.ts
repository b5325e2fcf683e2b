import { randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import { orderNumber } from '../domain/order-status.js';
import type { LineOptions } from '../domain/pricing.js';
import { Order, type OrderEntity } from '../entities/order.js';
import { OrderLine } from '../entities/order-line.js';
import { query, sql } from '../platform/sql.js';
import type { TemporalHandle } from '../temporal.js';
import { startOrderFulfilment } from './lifecycle.js';
import { buyerFor, priceOrderBody, type Buyer } from './quote.js';
import type { OrderBody, OrderItem, OrderView, Quote } from './schemas.js';
import { getOwnedOrder, orderRef } from './view.js';

/** Sets an order's priced lines and totals from a quote (a new order, or a pending one re-priced on its page). */
export function applyQuote(tx: EntityManager, order: OrderEntity, quote: Quote, body: OrderBody): void {
  Object.assign(order, {
    billingCountry: body.billing_country,
    vatNumber: quote.vat.vat_number,
    vat: quote.vat,
    promoCode: body.promo_code ?? null,
    promo: quote.promo,
    subtotalCents: quote.subtotal_cents,
    discountCents: quote.discount_cents,
    netCents: quote.net_cents,
    vatCents: quote.vat_cents,
    totalCents: quote.total_cents,
    updatedAt: new Date(),
  });
  // A re-priced order keeps its lines (the same items, by position) and takes their new figures.
  const existing = new Map(order.lines.getItems().map((l) => [l.position, l]));
  quote.lines.forEach((line, position) => {
    const figures = {
      productKey: line.product,
      listingId: line.listing_id,
      options: line.options,
      quantity: line.quantity,
      unitCents: line.unit_cents,
      discountCents: line.discount_cents,
      netCents: line.net_cents,
      vatRate: line.vat_rate,
      vatCents: line.vat_cents,
      totalCents: line.total_cents,
    };
    const current = existing.get(position);
    if (current) Object.assign(current, figures);
    else order.lines.add(tx.create(OrderLine, { order, position, ...figures }));
  });
}

/** An order as its lifecycle is started: its number, the listing it is for, whether it still waits for payment. */
interface BuiltOrder {
  number: string;
  listingId: number | null;
  pending: boolean;
}

/**
 * Builds a pending order from a body priced now (a refused promo code builds nothing): the next
 * number LD-<year>-<6 digits>, a checkout token, and when it expires, kept under the request's
 * Idempotency-Key when it has one. The caller starts its lifecycle.
 */
export async function buildOrder(em: EntityManager, buyer: Buyer, body: OrderBody, requestKey?: string): Promise<BuiltOrder> {
  const { quote } = await priceOrderBody(em, buyer, body);
  return em.transactional(
    async (tx) => {
      const [{ seq, year }] = await query(
        tx,
        sql<{ seq: string; year: number }>`select nextval('order_number_seq') as seq, extract(year from now())::int as year`,
      );
      const number = orderNumber(year, Number(seq));
      const order = tx.create(Order, {
        siteId: buyer.siteId,
        number,
        ownerId: buyer.ownerId,
        status: 'pending',
        checkoutToken: randomBytes(24).toString('base64url'),
        expiresAt: new Date(Date.now() + buyer.config.orders.expiryHours * 3_600_000),
        testMode: buyer.config.orders.payments.testMode,
        billingCountry: body.billing_country,
        vat: quote.vat,
        subtotalCents: 0,
        discountCents: 0,
        netCents: 0,
        vatCents: 0,
        totalCents: 0,
        requestKey: requestKey ?? null,
      });
      applyQuote(tx, order, quote, body);
      return { number, listingId: quote.lines.find((l) => l.listing_id)?.listing_id ?? null, pending: true };
    },
    { clear: true },
  );
}

/** What a checkout needs beyond the database: the lifecycle to start, the rules, where its page lives. */
export interface CheckoutDeps {
  temporal: TemporalHandle;
  config: Config;
}

/** The order an earlier request with this Idempotency-Key built, if any. */
async function orderBuiltUnder(em: EntityManager, ownerId: number, requestKey: string): Promise<BuiltOrder | undefined> {
  const order = await orderRef(em, sql`o.owner_id = ${ownerId} and o.request_key = ${requestKey}`);
  return order && { number: order.number, listingId: order.listingId, pending: order.status === 'pending' };
}

/**
 * create_checkout: builds a pending order from a body priced now, starts its lifecycle and
 * answers the order with its checkout link. A request retried with the Idempotency-Key of one that
 * built its order and then failed (its answer lost to a crash or an outage) gets that order, its
 * lifecycle started if it was not, rather than a second order left waiting for a payment.
 */
export async function createCheckout(
  em: EntityManager,
  deps: CheckoutDeps,
  owner: Pick<Buyer, 'siteId' | 'ownerId'>,
  body: OrderBody,
  requestKey?: string,
): Promise<OrderView> {
  const built =
    (requestKey && (await orderBuiltUnder(em, owner.ownerId, requestKey))) ||
    (await buildOrder(em, buyerFor(deps.config, owner.siteId, owner.ownerId), body, requestKey).catch(async (error) => {
      // A request under the same key that was still running (its key taken over after the wait) built it first.
      const first =
        requestKey && error instanceof UniqueConstraintViolationException
          ? await orderBuiltUnder(em.fork(), owner.ownerId, requestKey)
          : undefined;
      if (!first) throw error;
      return first;
    }));
  // A paid order's lifecycle has begun already, and may have ended: a start now would be a second one.
  if (built.pending) await startOrderFulfilment(deps.temporal, deps.config, { ...built, ownerId: owner.ownerId });
  return getOwnedOrder(em, deps.config.publicUrl, owner.ownerId, built.number);
}

/** The items an order was built from, as a body would give them. */
export function itemsOf(lines: readonly { product: string; listing_id: number | null; options: LineOptions }[]): OrderItem[] {
  // Saved from a body that passed orderItem, so each line gives back a valid item.
  return lines.map((l) => ({
    product: l.product,

    ...(l.listing_id ? { listing_id: l.listing_id } : {}),
    ...(l.options.week ? { week: l.options.week } : {}),
    ...(l.options.categories ? { categories: l.options.categories } : {}),
    ...(l.options.amount_cents !== undefined ? { amount_cents: l.options.amount_cents } : {}),
  })) as OrderItem[];
}
