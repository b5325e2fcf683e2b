import { priceOrder, type LineRequest } from '../../src/domain/pricing.js';
import { promoRefusal, type PromoCode } from '../../src/domain/promo.js';
import { vatTreatment } from '../../src/domain/vat.js';
import { parseVatNumber } from '../../src/domain/vat-number.js';
import { moveOrder, orderNumber } from '../../src/domain/order-status.js';
import { noticeMismatch } from '../../src/domain/provider-notice.js';

const seller = 'DE';
const launch: LineRequest = { product: 'launch', listingId: 1, options: {}, unitCents: 4900, quantity: 1 };
const promo = (over: Partial<PromoCode>): PromoCode => ({
  code: 'SAVE',
  kind: 'percent',
  value: 1000,
  productKeys: [],
  startsAt: null,
  endsAt: null,
  maxRedemptions: null,
  redemptions: 0,
  active: true,
  ...over,
});

describe('VAT treatment and totals', () => {
  it('charges a German consumer 19 %', () => {
    const order = priceOrder([launch], vatTreatment({ country: 'DE', vatNumber: null }, seller), null);
    expect(order.vat).toEqual({ scheme: 'standard', rate: 19, country: 'DE' });
    expect(order.lines[0]).toMatchObject({ net_cents: 4900, vat_rate: 19, vat_cents: 931, total_cents: 5831 });
    expect(order.total_cents).toBe(5831);
  });

  it('charges a French business whose VAT number VIES confirmed 0 % under reverse charge', () => {
    const order = priceOrder([launch], vatTreatment({ country: 'FR', vatNumber: 'confirmed' }, seller), null);
    expect(order.vat).toEqual({ scheme: 'reverse_charge', rate: 0, country: 'FR' });
    expect(order).toMatchObject({ vat_cents: 0, total_cents: 4900 });
  });

  it("charges a business in the seller's own country its VAT", () => {
    const order = priceOrder([launch], vatTreatment({ country: 'DE', vatNumber: 'confirmed' }, seller), null);
    expect(order.vat.scheme).toBe('standard');
    expect(order.total_cents).toBe(5831);
  });

  it.each([
    ['not_registered', 'not registered according to VIES'],
    ['unavailable', 'not confirmed by VIES (unavailable); standard VAT applies; a later quote may differ'],
    ['format_only', 'not confirmed by VIES (only its format and check digit were checked)'],
  ] as const)('charges a French business whose VAT number is %s the French rate, and says why', (check, why) => {
    const treatment = vatTreatment({ country: 'FR', vatNumber: check }, seller);
    expect(treatment).toMatchObject({ scheme: 'standard', rateBp: 2000, country: 'FR' });
    expect(treatment.reason).toContain(why);
  });

  it('charges a French consumer the French rate, not the seller’s', () => {
    expect(priceOrder([launch], vatTreatment({ country: 'FR', vatNumber: null }, seller), null).vat_cents).toBe(980);
  });

  it('charges a US buyer no VAT (outside scope)', () => {
    const order = priceOrder([launch], vatTreatment({ country: 'US', vatNumber: null }, seller), null);
    expect(order.vat).toEqual({ scheme: 'outside_scope', rate: 0, country: 'US' });
    expect(order.total_cents).toBe(4900);
  });
});

describe('promo maths', () => {
  const de = vatTreatment({ country: 'DE', vatNumber: null }, seller);

  it('a 100 % code makes the total 0', () => {
    const order = priceOrder([launch, { ...launch, product: 'billboard', unitCents: 2500 }], de, promo({ value: 10_000 }));
    expect(order).toMatchObject({ subtotal_cents: 7400, discount_cents: 7400, net_cents: 0, vat_cents: 0, total_cents: 0 });
    expect(order.promo).toEqual({ code: 'SAVE', applied: true, discount_cents: 7400 });
  });

  it('a fixed code larger than the line takes the line to 0, never below', () => {
    const order = priceOrder([launch], de, promo({ kind: 'fixed', value: 10_000 }));
    expect(order.lines[0]).toMatchObject({ discount_cents: 4900, net_cents: 0, vat_cents: 0, total_cents: 0 });
    expect(order.total_cents).toBe(0);
  });

  it('a fixed code is spread over the lines it applies to, in order, and only those', () => {
    const lines = [
      launch,
      { ...launch, product: 'extra-category', unitCents: 1900, quantity: 2 },
      { ...launch, unitCents: 1000 },
    ];
    const order = priceOrder(lines, de, promo({ kind: 'fixed', value: 5000, productKeys: ['launch'] }));
    expect(order.lines.map((l) => l.discount_cents)).toEqual([4900, 0, 100]);
    expect(order.discount_cents).toBe(5000);
  });

  it('rounds each of 3 lines at 33.33 % half up, and the totals are the sums of the lines', () => {
    const order = priceOrder(
      [launch, launch, launch].map((l) => ({ ...l, unitCents: 1000 })),
      de,
      promo({ value: 3333 }),
    );
    // 1000 x 33.33 % = 333.3 -> 333 off; VAT 19 % of 667 = 126.73 -> 127.
    expect(order.lines.map((l) => [l.discount_cents, l.net_cents, l.vat_cents, l.total_cents])).toEqual([
      [333, 667, 127, 794],
      [333, 667, 127, 794],
      [333, 667, 127, 794],
    ]);
    expect(order).toMatchObject({
      subtotal_cents: 3000,
      discount_cents: 999,
      net_cents: 2001,
      vat_cents: 381,
      total_cents: 2382,
    });
  });

  it('rounds half a cent up', () => {
    // 150 cents x 33.33 % = 49.995 -> 50; 25 cents x 2 % = 0.5 -> 1.
    expect(priceOrder([{ ...launch, unitCents: 150 }], de, promo({ value: 3333 })).lines[0].discount_cents).toBe(50);
    expect(priceOrder([{ ...launch, unitCents: 25 }], de, promo({ value: 200 })).lines[0].discount_cents).toBe(1);
  });

  it('refuses a code with each reason', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(promoRefusal(null, ['launch'], now)).toBe('unknown');
    expect(promoRefusal(promo({ endsAt: new Date('2026-11-01T00:00:00Z') }), ['launch'], now)).toBe('expired');
    expect(promoRefusal(promo({ active: false }), ['launch'], now)).toBe('expired');
    expect(promoRefusal(promo({ startsAt: new Date('2026-12-01T00:00:00Z') }), ['launch'], now)).toBe('not_yet_valid');
    expect(promoRefusal(promo({ maxRedemptions: 2, redemptions: 2 }), ['launch'], now)).toBe('used_up');
    expect(promoRefusal(promo({ productKeys: ['billboard'] }), ['launch'], now)).toBe('not_for_these_products');
    expect(promoRefusal(promo({ productKeys: ['billboard'] }), ['launch', 'billboard'], now)).toBeNull();
  });
});

describe('VAT numbers (format and check digits)', () => {
  it.each([
    ['DE', 'DE136695976'],
    ['FR', 'FR 40 303 265 045'],
    ['BE', 'BE0403170701'],
    ['IT', 'IT00743110157'],
    ['NL', 'NL004495445B01'],
    ['AT', 'ATU13585627'],
    ['GR', 'EL094259216'],
    ['ES', 'ESA28015865'],
  ])('%s accepts %s', (country, number) => {
    expect(parseVatNumber(country as never, number)).toMatchObject({ ok: true });
  });

  it.each([
    ['DE', 'DE136695977', 'check digit'],
    ['FR', 'FR41303265045', 'check digit'],
    ['DE', 'DE12345', 'format'],
    ['FR', 'DE136695976', 'starts with FR'],
    ['GR', 'GR094259216', 'starts with EL'],
  ])('%s refuses %s (%s)', (country, number, why) => {
    const parsed = parseVatNumber(country as never, number);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toContain(why);
  });
});

describe('order status and numbers', () => {
  it('moves only along the lifecycle', () => {
    expect(moveOrder('pending', 'pay')).toEqual({ ok: true, status: 'paid' });
    expect(moveOrder('paid', 'fulfil')).toEqual({ ok: true, status: 'fulfilled' });
    expect(moveOrder('fulfilled', 'refund')).toEqual({ ok: true, status: 'refunded' });
    expect(moveOrder('paid', 'dispute')).toEqual({ ok: true, status: 'disputed' });
    expect(moveOrder('fulfilled', 'dispute')).toEqual({ ok: true, status: 'disputed' });
    for (const from of ['pending', 'expired', 'canceled', 'refunded', 'disputed'] as const) {
      expect(moveOrder(from, 'dispute').ok).toBe(false);
    }
    expect(moveOrder('disputed', 'refund').ok).toBe(false);
    expect(moveOrder('expired', 'pay')).toMatchObject({ ok: false, reason: expect.stringContaining('expired') });
    expect(moveOrder('paid', 'expire').ok).toBe(false);
  });

  it('numbers orders LD-<year>-<6 digits>', () => {
    expect(orderNumber(2026, 42)).toBe('LD-2026-000042');
  });
});

describe('a provider notice against its order', () => {
  const order = { totalCents: 15_000, currency: 'USD' };
  it('concerns the order only for its exact amount and currency', () => {
    expect(noticeMismatch(order, { amountCents: 15_000, currency: 'usd' })).toBeNull();
    expect(noticeMismatch(order, { amountCents: 14_999, currency: 'usd' })).toContain('14999 cents');
    expect(noticeMismatch(order, { amountCents: 15_000, currency: 'eur' })).toContain('EUR');
  });
});
