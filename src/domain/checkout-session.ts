const minute = 60_000;
/** Stripe lets a Checkout Session live 30 minutes to 24 hours from its creation. */
const shortest = 30 * minute;
const longest = 24 * 60 * minute;

/**
 * When the provider's payment page for an order stops taking payments: when the order expires,
 * brought within Stripe's range from now. A minute inside each bound (Stripe counts from its own
 * clock, a moment later), then down to the whole minute, so a second click soon after asks for
 * the same page.
 */
export function checkoutSessionExpiry(orderExpiresAt: Date, now: Date): Date {
  const from = now.getTime();
  const wanted = Math.min(Math.max(orderExpiresAt.getTime(), from + shortest + minute), from + longest - minute);
  return new Date(Math.floor(wanted / minute) * minute);
}
