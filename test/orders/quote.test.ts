import { startTestApp, type TestApp } from '../support/app.js';
import { isoDate, mondayOf, addWeeks } from '../../src/domain/weeks.js';
import { addPromo, openShop, productPrices, sql, type Shop } from './support.js';

let app: TestApp;
let shop: Shop;
let prices: Record<string, number>;

beforeAll(async () => {
  app = await startTestApp({ worker: false });
  shop = await openShop(app, 'quotes@example.com', 'quoted');
  prices = await productPrices(app);
  await addPromo(app, { code: 'TENOFF', kind: 'percent', value: 1000 });
  await addPromo(app, { code: 'OLD', endsAt: new Date('2025-01-01T00:00:00Z') });
  await addPromo(app, { code: 'SOON', startsAt: new Date(Date.now() + 86_400_000) });
  await addPromo(app, { code: 'GONE', maxRedemptions: 1 });
  await sql(app, "update promo_code set redemptions = 1 where code = 'GONE'");
  await addPromo(app, { code: 'BOARD', productKeys: ['billboard'] });
});
afterAll(() => app.close());

const quote = (body: unknown, owner = shop.owner) => owner.call('POST', '/orders/quote', body);

describe('quote_order', () => {
  it.each([
    ['launch', {}],
    ['extra-category', { categories: ['one-cat', 'two-cat'] }],
    ['unlock-sections', {}],
    ['billboard', { amount_cents: 12_345 }],
  ])('prices %s at the current price with German VAT', async (product, options) => {
    const res = await quote({ items: [{ product, listing_id: shop.listingId, ...options }], billing_country: 'DE' });
    expect(res.status).toBe(200);
    const unit = product === 'billboard' ? 12_345 : prices[product];
    const quantity = product === 'extra-category' ? 2 : 1;
    const net = unit * quantity;
    const vat = Math.floor((net * 1900 * 2 + 10_000) / 20_000);
    expect(res.body.lines).toEqual([
      expect.objectContaining({
        product,
        listing_id: shop.listingId,
        unit_cents: unit,
        quantity,
        net_cents: net,
        vat_rate: 19,
        vat_cents: vat,
      }),
    ]);
    expect(res.body).toMatchObject({ currency: 'USD', net_cents: net, vat_cents: vat, total_cents: net + vat, promo: null });
    expect(res.body.vat).toEqual({
      scheme: 'standard',
      rate: 19,
      country: 'DE',
      vat_number: null,
      vat_number_valid: null,
      validated: null,
      vies_result: null,
      checked_at: null,
      reason: null,
    });
  });

  it('reads the price at call time (set-price is seen at once), and takes a country code in either case', async () => {
    await sql(app, "update product set price_cents = 7700 where key = 'unlock-sections'");
    const res = await quote({ items: [{ product: 'unlock-sections', listing_id: shop.listingId }], billing_country: 'us' });
    expect(res.body).toMatchObject({ total_cents: 7700, vat: { scheme: 'outside_scope', rate: 0 } });
    await sql(app, 'update product set price_cents = ? where key = ?', [prices['unlock-sections'], 'unlock-sections']);
  });

  it('takes a promo code off before VAT; a VAT number checked by format only (no VIES) pays standard VAT, and is told why', async () => {
    const res = await quote({
      items: [{ product: 'launch', listing_id: shop.listingId, week: isoDate(addWeeks(mondayOf(new Date()), 2)) }],
      billing_country: 'FR',
      vat_number: 'FR40303265045',
      promo_code: 'TENOFF',
    });
    expect(res.status).toBe(200);
    const discount = Math.round(prices.launch / 10);
    const net = prices.launch - discount;
    const vat = Math.floor((net * 2000 * 2 + 10_000) / 20_000);
    expect(res.body.lines[0]).toMatchObject({ discount_cents: discount, net_cents: net, vat_rate: 20, vat_cents: vat });
    expect(res.body.lines[0].options.week).toBe(isoDate(addWeeks(mondayOf(new Date()), 2)));
    expect(res.body.promo).toEqual({ code: 'TENOFF', applied: true, discount_cents: discount });
    expect(res.body.vat).toEqual({
      scheme: 'standard',
      rate: 20,
      country: 'FR',
      vat_number: 'FR40303265045',
      vat_number_valid: null,
      validated: 'format',
      vies_result: 'format_only',
      checked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      reason:
        'VAT number not confirmed by VIES (only its format and check digit were checked); standard VAT applies; a later quote may differ.',
    });
  });

  it('snaps a week to its Monday', async () => {
    const sunday = isoDate(new Date(addWeeks(mondayOf(new Date()), 3).getTime() + 6 * 86_400_000));
    const res = await quote({ items: [{ product: 'launch', listing_id: shop.listingId, week: sunday }], billing_country: 'US' });
    expect(res.body.lines[0].options.week).toBe(isoDate(addWeeks(mondayOf(new Date()), 3)));
  });

  it.each<[string, unknown, string]>([
    ['an unknown product', { items: [{ product: 'nope', listing_id: 1 }], billing_country: 'DE' }, 'body.items.0.product'],
    ['no listing_id', { items: [{ product: 'launch' }], billing_country: 'DE' }, 'body.items.0.listing_id'],
    ['a bad country', { items: [{ product: 'nope' }], billing_country: 'XX' }, 'body.billing_country'],
    [
      'a country of three letters',
      { items: [{ product: 'launch', listing_id: 1 }], billing_country: 'DEU' },
      'body.billing_country',
    ],
    ['no items', { items: [], billing_country: 'DE' }, 'body.items'],
    ['an extra property', { items: [{ product: 'launch', listing_id: 1 }], billing_country: 'DE', coupon: 'x' }, ''],
  ])('refuses %s with 400', async (_what, body, path) => {
    const res = await quote(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_input');
    if (path) expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a past week', { product: 'launch', week: '2020-01-06' }, 'week'],
    ['a week that is not a date', { product: 'launch', week: '2026-02-30' }, 'week'],
    ['an unknown category', { product: 'extra-category', categories: ['no-such-cat'] }, 'categories'],
    ['the primary category', { product: 'extra-category', categories: ['primary-cat'] }, 'categories'],
    ['four extra categories', { product: 'launch', categories: ['one-cat', 'two-cat', 'three-cat', 'four-cat'] }, 'categories'],
    ['extra-category without categories', { product: 'extra-category' }, 'categories'],
    ['a billboard under the minimum', { product: 'billboard', amount_cents: 1 }, 'amount_cents'],
    ['an option of another product', { product: 'billboard', week: '2030-01-07' }, 'week'],
  ])('refuses %s with 400 naming the field', async (_what, item, field) => {
    const res = await quote({ items: [{ listing_id: shop.listingId, ...item }], billing_country: 'DE' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe(`body.items.0.${field}`);
  });

  it('counts categories already held towards the 3 extra', async () => {
    const { listingId, categories } = await openShop(app, 'held@example.com', 'held-two');
    await sql(app, 'update listing set category_ids = ? where id = ?', [
      `{${categories.primary},${categories.one},${categories.two}}`,
      listingId,
    ]);
    const owner = (await openShop(app, 'held@example.com', 'held-other')).owner;
    const one = await quote(
      { items: [{ product: 'extra-category', listing_id: listingId, categories: ['three-cat'] }], billing_country: 'DE' },
      owner,
    );
    expect(one.status).toBe(200);
    const two = await quote(
      {
        items: [{ product: 'extra-category', listing_id: listingId, categories: ['three-cat', 'four-cat'] }],
        billing_country: 'DE',
      },
      owner,
    );
    expect(two.status).toBe(400);
    const held = await quote(
      { items: [{ product: 'extra-category', listing_id: listingId, categories: ['one-cat'] }], billing_country: 'DE' },
      owner,
    );
    expect(held.status).toBe(400);
  });

  it('refuses a week without a paid slot', async () => {
    const week = isoDate(addWeeks(mondayOf(new Date()), 5));
    await sql(app, "update listing set plan = 'paid', status = 'scheduled', launch_week = ? where id = ?", [
      week,
      shop.listingId,
    ]);
    const other = await openShop(app, 'slot@example.com', 'slot-seeker');
    const res = await quote(
      { items: [{ product: 'launch', listing_id: other.listingId, week }], billing_country: 'DE' },
      other.owner,
    );
    // PAID_SLOTS_PER_WEEK is 100 by default: one paid launch leaves the week open.
    expect(res.status).toBe(200);
    await sql(app, "update listing set plan = 'free', status = 'draft', launch_week = null where id = ?", [shop.listingId]);
  });

  it("answers 404 for another owner's listing and 409 for a launch of a paid listing", async () => {
    const other = await openShop(app, 'other@example.com', 'not-yours');
    const res = await quote({ items: [{ product: 'launch', listing_id: other.listingId }], billing_country: 'DE' });
    expect(res.status).toBe(404);
    await sql(app, "update listing set plan = 'paid' where id = ?", [other.listingId]);
    const paid = await quote({ items: [{ product: 'launch', listing_id: other.listingId }], billing_country: 'DE' }, other.owner);
    expect(paid.status).toBe(409);
    expect(paid.body.code).toBe('conflict');
  });

  it('refuses a malformed VAT number or one of another country with 400', async () => {
    for (const vat_number of ['DE136695977', 'FR40303265045']) {
      const res = await quote({ items: [{ product: 'launch', listing_id: shop.listingId }], billing_country: 'DE', vat_number });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe('body.vat_number');
    }
  });
});

describe('quote_order promo codes', () => {
  it.each([
    ['unknown', 'tenoff'],
    ['expired', 'OLD'],
    ['not_yet_valid', 'SOON'],
    ['used_up', 'GONE'],
    ['not_for_these_products', 'BOARD'],
  ])('refuses a code that is %s with 400 promo_code_refused and the reason', async (reason, code) => {
    const buyer = await openShop(app, `promo-${reason}@example.com`, `promo-${reason.replace(/_/g, '-')}`);
    const res = await quote(
      { items: [{ product: 'launch', listing_id: buyer.listingId }], billing_country: 'DE', promo_code: code },
      buyer.owner,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'promo_code_refused',
      errors: [{ path: 'body.promo_code', message: expect.stringMatching(new RegExp(`^${reason}: `)) }],
    });
    expect(res.body.detail).toContain(code);
  });

  it('answers the 6th wrong code in 15 minutes with 429 and Retry-After, counted in PostgreSQL', async () => {
    const buyer = await openShop(app, 'guesser@example.com', 'guessed');
    const body = (promo_code: string) => ({
      items: [{ product: 'launch', listing_id: buyer.listingId }],
      billing_country: 'DE',
      promo_code,
    });
    for (let i = 1; i <= 5; i++) expect((await quote(body(`GUESS${i}`), buyer.owner)).status).toBe(400);
    const sixth = await quote(body('GUESS6'), buyer.owner);
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('rate_limited');
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(800);
    // Even a good code waits; a quote without a code does not.
    expect((await quote(body('TENOFF'), buyer.owner)).status).toBe(429);
    expect((await quote({ ...body('x'), promo_code: undefined }, buyer.owner)).status).toBe(200);
    const [row] = await sql<{ n: string }>(app, 'select count(*) as n from promo_code_miss where caller = ?', [
      `user:${buyer.owner.id}`,
    ]);
    expect(Number(row.n)).toBe(5);
    // Another caller is not affected.
    expect((await quote({ ...body('TENOFF'), items: [{ product: 'launch', listing_id: shop.listingId }] })).status).toBe(200);
  });
});
