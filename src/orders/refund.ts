import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import { dollars, moneyIn } from '../domain/money.js';
import { moveOrder, type OrderReversal } from '../domain/order-status.js';
import { noticeMismatch, type PaymentVerdict, type UnpayableReason } from '../domain/provider-notice.js';
import { Order, type OrderEntity } from '../entities/order.js';
import { AppError, notFound } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Mailer } from '../mail/index.js';
import type { ConfirmedPayment, PaymentProvider, PaymentReversal, StripeProvider } from '../payments/index.js';
import { execute, query, sql } from '../platform/sql.js';
import { freshPaymentEvent } from './payment-events.js';

const ownerNotice: Record<
  OrderReversal,
  (number: string, siteName: string, amount: string) => { subject: string; text: string }
> = {
  refund: (number, siteName, amount) => ({
    subject: `Order ${number} refunded`,
    text: `Your order ${number} on ${siteName} was refunded: ${amount} USD goes back to how you paid. A billboard contribution of the order no longer counts in the ranking.`,
  }),
  dispute: (number, siteName, amount) => ({
    subject: `Order ${number} disputed`,
    text: `Your payment of ${amount} USD for order ${number} on ${siteName} is disputed with your bank or card issuer, so what the order bought is withdrawn: a billboard contribution of the order no longer counts in the ranking.`,
  }),
};

/**
 * The one rule for taking back what a paid order bought, whoever reports that its money went back
 * (the site team's refund, the provider's refund or dispute notice): the move to refunded or
 * disputed, its billboard contribution out of the ranking, and the owner mailed, in the caller's
 * transaction with the order locked. Answers the owner's address.
 */
async function takeBack(
  tx: EntityManager,
  mailer: Mailer,
  siteName: string,
  order: OrderEntity,
  reversal: OrderReversal,
): Promise<string> {
  const move = moveOrder(order.status, reversal);
  if (!move.ok) throw new AppError('conflict', move.reason);
  const now = new Date();
  Object.assign(
    order,
    { status: move.status, updatedAt: now },
    reversal === 'refund' ? { refundedAt: now } : { disputedAt: now },
  );
  await execute(tx, sql`delete from billboard_contribution where order_number = ${order.number}`);
  const email = await ownerEmail(tx, order.ownerId);
  await mailer.send({ to: email, ...ownerNotice[reversal](order.number, siteName, dollars(order.totalCents)) }, { within: tx });
  return email;
}

async function ownerEmail(tx: EntityManager, ownerId: number): Promise<string> {
  const [owner] = await query(tx, sql<{ email: string }>`select email from app_user where id = ${ownerId}`);
  return owner.email;
}

/**
 * Refunds a paid or fulfilled order (the site team, `npm run cli -- order refund <number>`): the
 * provider returns the money (Stripe; the test provider took none), then the order is taken back
 * in one transaction.
 */
export async function refundOrder(
  em: EntityManager,
  mailer: Mailer,
  provider: PaymentProvider,
  siteName: string,
  number: string,
): Promise<{ totalCents: number; email: string }> {
  const current = await em.fork().findOne(Order, { number });
  if (!current) throw notFound(`Order ${number}`);
  const check = moveOrder(current.status, 'refund');
  if (!check.ok) throw new AppError('conflict', check.reason);
  if (current.provider === 'stripe') {
    if (provider.kind !== 'stripe' || !current.providerReference) {
      throw new AppError(
        'conflict',
        `Order ${number} was paid through Stripe: refund it with PAYMENT_PROVIDER=stripe configured.`,
      );
    }
    await provider.refund(current.providerReference);
  }
  return em.transactional(
    async (tx) => {
      const order = (await tx.findOne(Order, { number }, { lockMode: LockMode.PESSIMISTIC_WRITE }))!;
      // Stripe's notice of this very refund may have taken the order back first.
      const email =
        order.status === 'refunded' ? await ownerEmail(tx, order.ownerId) : await takeBack(tx, mailer, siteName, order, 'refund');
      return { totalCents: order.totalCents, email };
    },
    { clear: true },
  );
}

/** recorded: the order was taken back; duplicate: this notice was handled before; unchanged: the order is past it (refunded already); unknown_payment: no order has that payment. */
export type ReversalOutcome = 'recorded' | 'duplicate' | 'unchanged' | 'unknown_payment';

/**
 * The provider's verified notice that an order's payment was refunded or disputed: the order is
 * taken back by the same rule as the site team's refund, and the site team is told too
 * (`OPERATOR_EMAIL`). The notice's id is kept in the same transaction, so the same notice twice
 * changes nothing; one of another amount or currency is refused (409) and changes nothing.
 */
export async function reversePayment(
  em: EntityManager,
  mailer: Mailer,
  config: Pick<Config, 'site' | 'mail'>,
  notice: PaymentReversal,
): Promise<ReversalOutcome> {
  return em.transactional(
    async (tx) => {
      const order = await tx.findOne(
        Order,
        { provider: 'stripe', providerReference: notice.reference },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!order) return 'unknown_payment';
      const number = order.number;
      if (!(await freshPaymentEvent(tx, 'stripe', notice.eventId, number))) return 'duplicate';
      const mismatch = noticeMismatch(order, notice);
      if (mismatch) throw new AppError('conflict', `Not a ${notice.kind} of order ${number}: ${mismatch}`);
      if (!moveOrder(order.status, notice.kind).ok) return 'unchanged';
      const email = await takeBack(tx, mailer, config.site.name, order, notice.kind);
      const operator = config.mail.operator;
      if (operator) {
        const what = notice.kind === 'refund' ? 'refunded' : `disputed (${notice.reason ?? 'no reason given'})`;
        await mailer.send(
          {
            to: operator,
            subject: `Stripe: order ${number} ${what}`,
            text: `Stripe reports (event ${notice.eventId}) that the payment of ${dollars(order.totalCents)} USD for order ${number} of ${email} was ${what}. The order is now ${order.status}; its billboard contribution no longer counts and ${email} was told.${notice.kind === 'dispute' ? ' Answer the dispute in Stripe before its deadline.' : ''}`,
          },
          { within: tx },
        );
      }
      return 'recorded';
    },
    { clear: true },
  );
}

const unpayable: Record<UnpayableReason, string> = {
  expired: 'the order had expired before the payment arrived',
  canceled: 'the order had been canceled',
  repriced: "the order's total had changed since its payment page was made",
  paid_already: 'the order had been paid already',
};

/** What returning a payment needs: the provider that took it, the mail, and whom to tell. */
export interface UnpayableDeps {
  provider: StripeProvider;
  mailer: Mailer;
  log: Logger;
  config: Pick<Config, 'site' | 'mail'>;
}

/**
 * A payment the provider took for an order that cannot take it (paymentVerdict): the money goes
 * back in full and nothing is delivered; the owner and the site team (`OPERATOR_EMAIL`) are told.
 * In the caller's transaction with the order locked, beside the notice's id: a refund that fails
 * rolls the notice back, for the provider to send it again (the refund is idempotent per payment).
 */
export async function refundUnpayable(
  tx: EntityManager,
  deps: UnpayableDeps,
  order: OrderEntity,
  payment: ConfirmedPayment,
  verdict: Extract<PaymentVerdict, { verdict: 'refund' }>,
): Promise<void> {
  if (payment.reference) await deps.provider.refund(payment.reference);
  const number = order.number;
  const email = await ownerEmail(tx, order.ownerId);
  const amount = moneyIn(payment.amountCents, payment.currency);
  const why = unpayable[verdict.reason];
  deps.log.warn(
    { order: number, event: payment.eventId, reason: verdict.reason, detail: verdict.detail },
    'stripe payment refunded',
  );
  await deps.mailer.send(
    {
      to: email,
      subject: `Your payment for order ${number} was refunded`,
      text: `We received your payment of ${amount} for order ${number} on ${deps.config.site.name}, but ${why}. The full amount goes back to how you paid, and nothing was delivered.`,
    },
    { within: tx },
  );
  const operator = deps.config.mail.operator;
  if (!operator) return;
  const refunded = payment.reference
    ? `The payment ${payment.reference} was refunded in full`
    : "Stripe named no payment to refund: refund it in Stripe's dashboard";
  await deps.mailer.send(
    {
      to: operator,
      subject: `Stripe: payment for order ${number} refunded (${verdict.reason})`,
      text: `Stripe reports (event ${payment.eventId}) a payment of ${amount} for order ${number} of ${email}, but ${why}${verdict.detail ? `: ${verdict.detail}` : '.'} ${refunded}; nothing was delivered, and ${email} was told. The order is ${order.status}.`,
    },
    { within: tx },
  );
}
