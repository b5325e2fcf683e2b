import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import { dollars } from '../domain/money.js';
import { paymentRoute } from '../domain/payment-route.js';
import { Order } from '../entities/order.js';
import { AppError, notFound } from '../errors.js';
import { paymentMethods, type PaymentProvider } from '../payments/index.js';
import { query, sql } from '../platform/sql.js';
import { applyQuote, itemsOf } from './checkout.js';
import { announcePayment, recordPayment, type PaymentDeps } from './payment.js';
import { buyerFor, priceOrderBody } from './quote.js';
import type { OrderBody } from './schemas.js';
import { checkoutUrl } from './view.js';

export interface BillingDetails {
  name: string;
  address: string;
  country: string;
  vatNumber: string | null;
  promoCode: string | null;
}

/** What the person sent from the checkout page of the order they hold the token of. */
export interface CheckoutForm {
  number: string;
  token: string;
  /** update: price again with these details; pay: the same, then pay if the total is still the one shown. */
  action: 'update' | 'pay';
  billing: BillingDetails;
  /** The total the page showed when Pay was pressed. */
  shownTotal: string | undefined;
  /** The test step's payment method. */
  method: string | undefined;
}

/** updated: priced again; paid: recorded (free or test); closed: no longer pending; provider: pay on the provider's page. */
export type CheckoutAnswer =
  | { outcome: 'updated' | 'paid' | 'closed' }
  | { outcome: 'provider'; url: string }
  | { outcome: 'refused'; status: 400 | 409; message: string };

export interface PayDeps extends PaymentDeps {
  provider: PaymentProvider;
  config: Pick<Config, 'publicUrl' | 'orders' | 'launches' | 'mail'>;
}

type Decision = CheckoutAnswer | { outcome: 'start_provider'; totalCents: number; ownerId: number; expiresAt: Date };

const refused = (status: 400 | 409, message: string): CheckoutAnswer => ({ outcome: 'refused', status, message });

/**
 * The checkout page's form: prices the order again with the billing details (VAT follows the
 * country and VAT number, the promo code is checked again) and, for Pay, decides and records the
 * payment in the same transaction, under the order's lock: a total of 0 is paid as free there
 * (its code redeemed there too), a test order by the test step, anything else is sent to the
 * provider at that total. A request that reprices the order meanwhile waits for the lock, so no
 * payment is ever decided on a total another request changed. A refusal after pricing keeps the
 * new prices (the page shows them); a code used up meanwhile undoes the whole request.
 */
export async function payOrder(em: EntityManager, deps: PayDeps, form: CheckoutForm): Promise<CheckoutAnswer> {
  const whose = { number: form.number, checkoutToken: form.token };
  const current = await em.fork().findOne(Order, whose, { populate: ['lines'] });
  if (!current) throw notFound(`Order ${form.number}`);
  if (current.status !== 'pending') return { outcome: 'closed' };
  const body: OrderBody = {
    items: itemsOf(
      current.lines.getItems().map((l) => ({ product: l.productKey, listing_id: l.listingId ?? null, options: l.options })),
    ),
    billing_country: form.billing.country || current.billingCountry,
    vat_number: form.billing.vatNumber,
    promo_code: form.billing.promoCode,
  };
  const { quote } = await priceOrderBody(em, buyerFor(deps.config, current.siteId, current.ownerId), body);
  const decision = await em.transactional(
    async (tx): Promise<Decision> => {
      const order = await tx.findOne(Order, whose, { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['lines'] });
      if (!order || order.status !== 'pending')
        throw new AppError('conflict', `Order ${form.number} is ${order?.status ?? 'gone'}: it cannot be changed.`);
      applyQuote(tx, order, quote, body);
      Object.assign(order, { billingName: form.billing.name, billingAddress: form.billing.address });
      if (form.action !== 'pay') return { outcome: 'updated' };
      if (!form.billing.name) return refused(400, 'Enter the name the invoice is made out to.');
      if (form.shownTotal !== String(order.totalCents)) {
        return refused(409, `The total is now ${dollars(order.totalCents)}: check it, then press Pay again.`);
      }
      if (order.expiresAt <= new Date()) return refused(409, 'This order has expired: create a new one.');
      const route = paymentRoute(order, { kind: deps.provider.kind, testMode: deps.config.orders.payments.testMode });
      switch (route) {
        case 'not_a_test_order':
          return refused(409, 'This order cannot be paid with test payments.');
        case 'test_order':
          return refused(409, 'This order was made with test payments and cannot be paid for real: create a new one.');
        case 'real_order':
          return refused(409, 'This order was made for real and cannot be paid in test mode: create a new one.');
        case 'provider':
          return { outcome: 'start_provider', totalCents: order.totalCents, ownerId: order.ownerId, expiresAt: order.expiresAt };
        case 'test':
          if (!form.method || !Object.hasOwn(paymentMethods, form.method)) return refused(400, 'Choose how to pay.');
      }
      const method = route === 'test' ? form.method : undefined;
      const outcome = await recordPayment(tx, order, {
        provider: route,
        eventId: `${route}-${order.number}`,
        method,
      });
      return { outcome: outcome === 'recorded' ? 'paid' : 'closed' };
    },
    { clear: true },
  );
  if (decision.outcome === 'paid') await announcePayment(em, deps, form.number);
  if (decision.outcome !== 'start_provider') return decision;
  if (deps.provider.kind !== 'stripe') throw new Error('A provider payment needs a provider.');
  const [owner] = await query(em, sql<{ email: string }>`select email from app_user where id = ${decision.ownerId}`);
  const session = await deps.provider.startPayment({
    number: form.number,
    totalCents: decision.totalCents,
    email: owner.email,
    returnUrl: checkoutUrl(deps.config.publicUrl, form.number, form.token),
    orderExpiresAt: decision.expiresAt,
  });
  return { outcome: 'provider', url: session.url };
}
