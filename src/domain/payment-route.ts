/**
 * How a pending order is paid at the total it has under its lock (docs/architecture.md, Orders):
 * a total of 0 needs no provider; a test order only the test step or a provider in test mode (a
 * test key or a mock); a real order only a provider that moves money. Or why it cannot be paid here.
 */
export type PaymentRoute = 'free' | 'test' | 'provider' | 'not_a_test_order' | 'test_order' | 'real_order';

export function paymentRoute(
  order: { totalCents: number; testMode: boolean },
  provider: { kind: 'test' | 'stripe'; testMode: boolean },
): PaymentRoute {
  if (order.totalCents === 0) return 'free';
  if (provider.kind === 'test') return order.testMode ? 'test' : 'not_a_test_order';
  if (order.testMode === provider.testMode) return 'provider';
  return order.testMode ? 'test_order' : 'real_order';
}
