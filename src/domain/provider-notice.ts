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
