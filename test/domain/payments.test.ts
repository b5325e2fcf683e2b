import { checkoutSessionExpiry } from '../../src/domain/checkout-session.js';
import { moneyIn } from '../../src/domain/money.js';
import { paymentRoute } from '../../src/domain/payment-route.js';
import { paymentVerdict } from '../../src/domain/provider-notice.js';

describe('paymentRoute', () => {
  it.each([
    [0, false, 'stripe', false, 'free'],
    [0, true, 'test', true, 'free'],
    [2900, true, 'test', true, 'test'],
    [2900, false, 'test', true, 'not_a_test_order'],
    [2900, false, 'stripe', false, 'provider'],
    [2900, true, 'stripe', false, 'test_order'],
    [2900, true, 'stripe', true, 'provider'],
    [2900, false, 'stripe', true, 'real_order'],
  ] as const)(
    'pays a total of %i (test order: %s) under %s (test mode: %s) as %s',
    (totalCents, testMode, kind, providerTestMode, route) => {
      expect(paymentRoute({ totalCents, testMode }, { kind, testMode: providerTestMode })).toBe(route);
    },
  );
});

describe('paymentVerdict', () => {
  const order = { status: 'pending', totalCents: 12_000, currency: 'USD', providerReference: null } as const;
  const paid = { amountCents: 12_000, currency: 'usd', reference: 'pi_1' };

  it('pays a pending order of exactly its amount and currency', () => {
    expect(paymentVerdict(order, paid)).toEqual({ verdict: 'pay' });
  });

  it('refunds a payment of a pending order repriced since, saying how the money differs', () => {
    expect(paymentVerdict(order, { ...paid, amountCents: 10_000 })).toEqual({
      verdict: 'refund',
      reason: 'repriced',
      detail: "The provider reports 10000 cents, the order's total is 12000 cents.",
    });
    expect(paymentVerdict(order, { ...paid, currency: 'eur' })).toMatchObject({ verdict: 'refund', reason: 'repriced' });
  });

  it.each([
    ['expired', 'expired'],
    ['canceled', 'canceled'],
    ['paid', 'paid_already'],
    ['fulfilled', 'paid_already'],
    ['refunded', 'paid_already'],
  ] as const)('refunds a payment of an order that is %s (%s), unless it is the one the order holds', (status, reason) => {
    const settled = { ...order, status, providerReference: 'pi_1' };
    expect(paymentVerdict(settled, { ...paid, reference: 'pi_2' })).toEqual({ verdict: 'refund', reason, detail: null });
    expect(paymentVerdict(settled, { ...paid, reference: null })).toEqual({ verdict: 'refund', reason, detail: null });
    expect(paymentVerdict(settled, paid)).toEqual({ verdict: 'held' });
  });
});

describe('checkoutSessionExpiry', () => {
  const now = new Date('2026-11-26T12:00:30Z');
  const at = (iso: string) => checkoutSessionExpiry(new Date(iso), now).toISOString();

  it('closes with the order, on its minute', () => {
    expect(at('2026-11-26T15:20:45Z')).toBe('2026-11-26T15:20:00.000Z');
  });

  it('stays open at least the 30 minutes Stripe asks for, with a minute to spare', () => {
    expect(at('2026-11-26T12:05:00Z')).toBe('2026-11-26T12:31:00.000Z');
    expect(at('2026-11-26T11:00:00Z')).toBe('2026-11-26T12:31:00.000Z');
  });

  it('closes within the 24 hours Stripe allows, a minute inside', () => {
    expect(at('2026-11-29T12:00:00Z')).toBe('2026-11-27T11:59:00.000Z');
  });
});

describe('moneyIn', () => {
  it('reads a provider amount in its own currency', () => {
    expect(moneyIn(12_000, 'usd')).toBe('$120.00 USD');
    expect(moneyIn(12_000, 'eur')).toBe('€120.00 EUR');
    expect(moneyIn(500, 'jpy')).toBe('¥500 JPY');
  });
});
