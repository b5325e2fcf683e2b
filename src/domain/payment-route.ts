/**
 * How a pending order is paid at the total it has under its lock (DESIGN, Orders): a total of 0
 * needs no provider; a test order only the test step; a real order only the real provider. Or
 * why it cannot be paid here.
 */
export type PaymentRoute = 'free' | 'test' | 'provider' | 'not_a_test_order' | 'test_order';

export function paymentRoute(order: { totalCents: number; testMode: boolean }, provider: 'test' | 'stripe'): PaymentRoute {
  if (order.totalCents === 0) return 'free';
  if (provider === 'test') return order.testMode ? 'test' : 'not_a_test_order';
  return order.testMode ? 'test_order' : 'provider';
}
