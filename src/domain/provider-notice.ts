import type { OrderStatus } from './order-status.js';

/** Money a payment provider reports for an order: paid, refunded or disputed. */
export interface NoticedMoney {
  amountCents: number;
  /** ISO 4217, in either case (Stripe writes `usd`). */
  currency: string;
}

/**
 * Why a provider's notice does not concern the order's money, or null when it does: the amount
 * and the currency must both be the order's own, to the cent. A notice of anything else (a partial
 * refund, another currency) is no proof about this order.
 */
export function noticeMismatch(order: { totalCents: number; currency: string }, notice: NoticedMoney): string | null {
  if (notice.currency.toUpperCase() !== order.currency.toUpperCase()) {
    return `The provider reports ${notice.currency.toUpperCase()}, the order is in ${order.currency.toUpperCase()}.`;
  }
  if (notice.amountCents !== order.totalCents) {
    return `The provider reports ${notice.amountCents} cents, the order's total is ${order.totalCents} cents.`;
  }
  return null;
}

/** Why a payment the provider took cannot pay its order: it goes back. */
export type UnpayableReason = 'expired' | 'canceled' | 'repriced' | 'paid_already';

/**
 * pay: the order is pending at exactly this amount and currency. held: it is the payment the
 * order already has. refund: the order cannot take it (expired or canceled first, repriced after
 * its payment page was made, or paid by another payment); `detail` says how the money differs.
 */
export type PaymentVerdict =
  { verdict: 'pay' } | { verdict: 'held' } | { verdict: 'refund'; reason: UnpayableReason; detail: string | null };

/** What a provider's verified payment does to its order, judged on the order as locked. */
export function paymentVerdict(
  order: { status: OrderStatus; totalCents: number; currency: string; providerReference?: string | null },
  payment: NoticedMoney & { reference: string | null },
): PaymentVerdict {
  if (order.status === 'pending') {
    const mismatch = noticeMismatch(order, payment);
    return mismatch ? { verdict: 'refund', reason: 'repriced', detail: mismatch } : { verdict: 'pay' };
  }
  if (payment.reference !== null && payment.reference === order.providerReference) return { verdict: 'held' };
  const reason = order.status === 'expired' || order.status === 'canceled' ? order.status : 'paid_already';
  return { verdict: 'refund', reason, detail: null };
}
