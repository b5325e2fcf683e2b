import { z } from 'zod';
import { createCheckout as openCheckout } from '../../src/orders/checkout.js';
import { buyerFor, priceOrderBody } from '../../src/orders/quote.js';
import { order, orderBody, orderPage, quote } from '../../src/orders/schemas.js';
import { products as productsOutput } from '../../src/catalogue/schemas.js';
import * as products from '../../src/catalogue/products.js';
import { getOwnedOrder, listOwnedOrders } from '../../src/orders/view.js';
import { paginationQuery, publicRead } from './common.js';
import { defineOperation } from './registry.js';

const items =
  'items: array of { product (a key from list_products: launch, extra-category, unlock-sections, billboard), listing_id (one of your listings: every product is bought for one), week (launch only: YYYY-MM-DD, snapped to its Monday, this week or later with a paid slot; absent = live at once), categories (launch and extra-category: up to 3 category slugs beyond the primary, in total with those already held), amount_cents (billboard only: at least its price) }; billing_country (ISO 3166-1 alpha-2), vat_number (EU businesses; valid and of another member state -> reverse charge 0 %), promo_code (exactly as typed)';

/** quote_order and create_checkout price the same body, so they refuse it alike. */
const orderRefusals = {
  404: 'listing_id names no listing of the caller',
  409: 'A launch of a listing that already has a paid launch or is no longer unpublished, or sections that are all unlocked already',
};

export const quoteOrder = defineOperation({
  id: 'quote_order',
  method: 'POST',
  path: '/orders/quote',
  tag: 'Orders',
  summary: 'Price an order with VAT and a promo code; nothing saved or charged',
  description: `Prices an order at the current prices (read them with list_products; never hard-code them): each line with what a promo code takes off before VAT, its net, VAT rate and VAT, and the totals; vat says the scheme (standard, reverse_charge, outside_scope), the rate and how a VAT number was checked. Validates every option. Body: ${items}. 400 for bad input (with the field), 400 promo_code_refused with the reason (unknown, expired, not_yet_valid, used_up, not_for_these_products); 5 refused codes in 15 minutes -> 429. 404 for a listing that is not yours; 409 for a launch of a listing that already has a paid one. Free: nothing is saved or charged.`,
  scope: 'orders:write',
  idempotencyKey: false,
  successStatus: 200,
  refusals: orderRefusals,
  input: { body: orderBody },
  output: quote,
  changesNothing: true,
  reaches: ['vies'],
  async handler({ body }, { deps, em, site, principal }) {
    return (await priceOrderBody(em, buyerFor(deps.config, site.id, principal!.userId), body)).quote;
  },
});

export const createCheckout = defineOperation({
  id: 'create_checkout',
  method: 'POST',
  path: '/orders/checkout',
  tag: 'Orders',
  summary: 'Build an order and get its checkout link for the person to pay themselves',
  description: `Builds a pending order from the same body as quote_order (priced now; the promo code is put in the cart and checked again at payment) and answers 201 with the order and its checkout_url. Give the checkout_url to the person: they open it, review the lines, VAT and total, enter their billing details and pay THEMSELVES on that page (card, mobile wallet, online wallet or crypto). Never ask the person for card or payment details, and never try to pay: this API takes no payment data. Poll get_order to see the status: pending -> paid -> fulfilled (or expired when not paid in time). Body: ${items}. Send an Idempotency-Key so that a retry never builds a second order. Same refusals as quote_order.`,
  scope: 'orders:write',
  idempotencyKey: true,
  successStatus: 201,
  refusals: orderRefusals,
  input: { body: orderBody },
  output: order,
  reaches: ['vies', 'payments', 'mail'],
  async handler({ body, idempotencyKey }, { deps, em, site, principal }) {
    return openCheckout(em, deps, { siteId: site.id, ownerId: principal!.userId }, body, idempotencyKey);
  },
});

export const listMyOrders = defineOperation({
  id: 'list_my_orders',
  method: 'GET',
  path: '/orders',
  tag: 'Orders',
  summary: "The caller's orders, newest first, with status",
  description:
    "Lists the caller's orders, newest first: number, status (pending, paid, fulfilled, expired, canceled, refunded), lines with fulfilled per line, totals with VAT, the promo code, the invoice number once fulfilled, and the checkout_url while pending. Free and read-only.",
  scope: 'account:read',
  idempotencyKey: false,
  successStatus: 200,
  input: { query: paginationQuery },
  output: orderPage,
  async handler({ query }, { deps, em, principal }) {
    return listOwnedOrders(em, deps.config.publicUrl, principal!.userId, query.page, query.per_page);
  },
});

export const getOrder = defineOperation({
  id: 'get_order',
  method: 'GET',
  path: '/orders/{number}',
  tag: 'Orders',
  summary: 'One of the caller’s orders: status, totals with VAT, lines fulfilled',
  description:
    "Returns one of the caller's orders by its number (LD-<year>-<6 digits>): status (pending -> paid -> fulfilled; expired, canceled, refunded), each line with fulfilled, totals with VAT, the checkout_url while pending. Poll it after the person paid. 404 when the caller has no such order. Free and read-only.",
  scope: 'account:read',
  idempotencyKey: false,
  successStatus: 200,
  input: { path: z.object({ number: z.string().min(1).max(24) }) },
  output: order,
  async handler({ path }, { deps, em, principal }) {
    return getOwnedOrder(em, deps.config.publicUrl, principal!.userId, path.number);
  },
});

export const orderOperations = [quoteOrder, createCheckout, listMyOrders, getOrder];

export const listProducts = defineOperation({
  ...publicRead,
  id: 'list_products',
  method: 'GET',
  path: '/products',
  tag: 'Orders',
  summary: 'Purchasable products and current prices',
  description:
    'Every purchasable product with its current price in USD cents, VAT excluded, and needs_listing (bought for one of your listings). Prices are set by the site team: read them here at call time, never hardcode them. Free, public, read-only.',
  input: {},
  output: productsOutput,
  handler: (_input, { em, site }) => products.listProducts(em, site.id),
});

/** list_products, registered apart so the published order of the tools stays as it was. */
export const productOperations = [listProducts];
