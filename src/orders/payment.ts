import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import { moveOrder } from '../domain/order-status.js';
import { noticeMismatch, paymentVerdict, type NoticedMoney } from '../domain/provider-notice.js';
import { Order, type OrderEntity } from '../entities/order.js';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Mailer } from '../mail/index.js';
import type { ConfirmedPayment } from '../payments/index.js';
import { sql } from '../platform/sql.js';
import type { TemporalHandle } from '../temporal.js';
import { signalOrderPaid } from './lifecycle.js';
import { freshPaymentEvent } from './payment-events.js';
import { promoCodeRefused, redeemPromoCode } from './promo-codes.js';
import { promoOverageOf, recordPromoOverage, reportPromoOverage } from './promo-overage.js';
import { refundUnpayable, type UnpayableDeps } from './refund.js';
import { orderRef } from './view.js';

/** A payment of the order the caller holds locked. */
export interface PaymentReport {
  /** free: a total of 0, nothing to collect (recorded only by payOrder, which priced it under the same lock). */
  provider: 'test' | 'stripe' | 'free';
  /** The provider's id of this notice: the same notice twice is recorded once. */
  eventId: string;
  /** What the provider says was paid, when it says; another amount or currency is refused (409), nothing recorded. */
  paid?: NoticedMoney;
  method?: string;
  reference?: string;
}

/** refunded: a provider's payment its order could not take went back (acceptProviderPayment). */
export type PaymentOutcome = 'recorded' | 'duplicate' | 'not_payable' | 'refunded';

/** What accepting a payment needs: the order's lifecycle to signal, and who hears of a promo overage. */
export interface PaymentDeps {
  temporal: TemporalHandle;
  log: Logger;
  mailer: Mailer;
  config: Pick<Config, 'mail' | 'orders'>;
}

/**
 * Records a payment once, in the caller's transaction with the order locked: the notice's id is
 * stored with the move pending -> paid and the promo code's redemption, so a repeated notice
 * changes nothing. A free payment pays only a total of 0, and a test payment only an order made in
 * test mode. A notice of another amount or currency is refused (409) and rolls back, its id
 * unrecorded. A code at its limit refuses a free order (nothing was collected: 400 used_up, the
 * order stays pending); a payment the provider already took is honoured and kept as an overage.
 * The caller then announces the payment.
 */
export async function recordPayment(tx: EntityManager, order: OrderEntity, report: PaymentReport): Promise<PaymentOutcome> {
  if (!(await freshPaymentEvent(tx, report.provider, report.eventId, order.number))) return 'duplicate';
  const mismatch = report.paid && noticeMismatch(order, report.paid);
  if (mismatch) throw new AppError('conflict', `Not a payment of order ${order.number}: ${mismatch}`);
  if (report.provider === 'test' && !order.testMode) return 'not_payable';
  if (report.provider === 'free' && order.totalCents !== 0) return 'not_payable';
  const move = moveOrder(order.status, 'pay');
  if (!move.ok) return 'not_payable';
  Object.assign(order, {
    status: move.status,
    paidAt: new Date(),
    provider: report.provider,
    paymentMethod: report.method ?? null,
    providerReference: report.reference ?? order.providerReference,
    updatedAt: new Date(),
  });
  if (order.promo?.applied && !(await redeemPromoCode(tx, order.siteId, order.promo.code))) {
    if (report.provider === 'free') throw promoCodeRefused('used_up', order.promo.code);
    await recordPromoOverage(tx, order.siteId, order.promo.code, order.number);
  }
  return 'recorded';
}

/** Once a payment committed: the operator hears of a promo overage, and the order's lifecycle of the payment. */
export async function announcePayment(em: EntityManager, deps: PaymentDeps, number: string): Promise<void> {
  const overage = await promoOverageOf(em, number);
  if (overage)
    await reportPromoOverage({ log: deps.log, mailer: deps.mailer, operatorEmail: deps.config.mail.operator }, overage);
  const order = await orderRef(em, sql`o.number = ${number}`);
  if (order) await signalOrderPaid(deps.temporal, deps.config, order);
}

/** What a provider's payment needs beyond accepting it: the provider, to give back what an order cannot take. */
export interface ProviderPaymentDeps extends PaymentDeps, UnpayableDeps {
  config: Pick<Config, 'site' | 'mail' | 'orders'>;
}

/**
 * A provider's verified payment (a completed Checkout Session), judged on its order as locked
 * (paymentVerdict): it pays a pending order of exactly its amount and currency, once, and is
 * announced; a payment the order cannot take (expired, canceled, repriced since its payment page
 * was made, or paid already) is refunded and told to the owner and the operator, never delivered.
 * Its event id is kept either way, so a redelivered notice changes nothing.
 */
export async function acceptProviderPayment(
  em: EntityManager,
  deps: ProviderPaymentDeps,
  payment: ConfirmedPayment,
): Promise<PaymentOutcome> {
  const outcome = await em.transactional(
    async (tx): Promise<PaymentOutcome> => {
      const order = await tx.findOne(Order, { number: payment.number }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!order) return 'not_payable';
      const verdict = paymentVerdict(order, payment);
      if (verdict.verdict === 'pay') return recordPayment(tx, order, providerPayment(payment));
      if (!(await freshPaymentEvent(tx, 'stripe', payment.eventId, order.number)) || verdict.verdict === 'held') {
        return 'duplicate';
      }
      await refundUnpayable(tx, deps, order, payment, verdict);
      return 'refunded';
    },
    { clear: true },
  );
  if (outcome === 'recorded') await announcePayment(em, deps, payment.number);
  return outcome;
}

/** A provider's verified notice of payment, as a report of it. */
function providerPayment(payment: ConfirmedPayment): PaymentReport {
  return {
    provider: 'stripe',
    eventId: payment.eventId,
    paid: { amountCents: payment.amountCents, currency: payment.currency },
    reference: payment.reference ?? undefined,
  };
}
