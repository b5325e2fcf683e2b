import pg from 'pg';
import type { Browser } from 'playwright-core';
import { createCheckout } from '../../src/orders/checkout.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { launchBrowser } from '../support/browser.js';
import { request } from '../support/http.js';
import { addPromo, openShop, productPrices, receiptsTo, sql, startVies, type Shop, type ViesServer } from './support.js';
import { until } from '../support/until.js';

let app: TestApp;
let browser: Browser;
let vies: ViesServer;
let shop: Shop;
let prices: Record<string, number>;

beforeAll(async () => {
  browser = await launchBrowser();
  vies = await startVies(['FR40303265045']);
  app = await startTestApp({
    env: {
      SELLER_NAME: 'Launch Directory GmbH',
      SELLER_ADDRESS: 'Alexanderplatz 1, Berlin',
      SELLER_VAT_NUMBER: 'DE136695976',
      VIES_URL: vies.url,
    },
  });
  shop = await openShop(app, 'buyer@example.com', 'bought');
  prices = await productPrices(app);
  await addPromo(app, { code: 'HALF', value: 5000, productKeys: ['launch'] });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await vies?.close();
});

describe('create_checkout and the checkout page', () => {
  it('builds a pending order with a checkout link, pays on the page in Chromium, and fulfils every line', async () => {
    const items = [
      { product: 'launch', listing_id: shop.listingId, categories: ['one-cat'] },
      { product: 'extra-category', listing_id: shop.listingId, categories: ['two-cat', 'three-cat'] },
      { product: 'billboard', listing_id: shop.listingId, amount_cents: 5000 },
    ];
    const created = await shop.owner.call(
      'POST',
      '/orders/checkout',
      { items, billing_country: 'DE', promo_code: 'HALF' },
      { 'idempotency-key': 'first-order' },
    );
    expect(created.status).toBe(201);
    const order = created.body;
    expect(order.number).toMatch(/^LD-\d{4}-\d{6}$/);
    expect(order).toMatchObject({ status: 'pending', currency: 'USD', promo: { code: 'HALF', applied: true }, test_mode: true });
    expect(order.lines.map((l: any) => [l.product, l.fulfilled])).toEqual([
      ['launch', false],
      ['extra-category', false],
      ['billboard', false],
    ]);
    const net = Math.round(prices.launch / 2) + 2 * prices['extra-category'] + 5000;
    expect(order.net_cents).toBe(net);
    expect(order.checkout_url).toMatch(new RegExp(`^${app.url}/checkout/${order.number}\\?t=[A-Za-z0-9_-]{32}$`));

    // The page is the token's: without it, or with another, it does not exist.
    expect((await request(`${app.url}/checkout/${order.number}`)).status).toBe(404);
    expect((await request(`${app.url}/checkout/${order.number}?t=wrong`)).status).toBe(404);

    const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await page.goto(order.checkout_url);
    expect(await page.textContent('#order-status')).toContain('Waiting for payment');
    expect(await page.title()).toContain('(TEST)');
    expect(await page.textContent('#test-order')).toContain('TEST ORDER');
    expect(await page.textContent('#test-payment')).toContain('TEST PAYMENT: no money moves');
    for (const method of ['Card', 'Mobile wallet', 'Online wallet', 'Crypto'])
      expect(await page.textContent('#test-payment')).toContain(method);
    expect(await page.textContent('#vat')).toContain('19 % (DE)');

    // A French business with a VAT number VIES confirms: the VAT is worked out again, reverse charge.
    await page.fill('#name', 'Acme SAS');
    await page.fill('#address', '1 rue de la Paix, Paris');
    await page.fill('#country', 'FR');
    await page.fill('#vat_number', 'FR40303265045');
    await page.click('#update');
    expect(await page.textContent('#vat')).toContain('reverse charge');
    expect(await page.textContent('#total')).toBe(`$${(net / 100).toFixed(2)}`);

    // A promo code that cannot be used is refused on the page too, and nothing changes.
    await page.fill('#promo_code', 'NOPE');
    await page.click('#update');
    expect(await page.textContent('#checkout-error')).toContain('Promo code "NOPE" refused');
    await page.fill('#promo_code', 'HALF');

    await page.check('input[name=method][value=crypto]');
    await page.click('#pay');
    expect(await page.textContent('#order-status')).toMatch(/Paid/);
    const paid = await shop.owner.call('GET', `/orders/${order.number}`);
    expect(['paid', 'fulfilled']).toContain(paid.body.status);
    expect(paid.body.paid_at).not.toBeNull();

    const fulfilled = await until(
      () => shop.owner.call('GET', `/orders/${order.number}`),
      (r) => r.body.status === 'fulfilled',
    );
    expect(fulfilled.body).toMatchObject({
      status: 'fulfilled',
      checkout_url: null,
      total_cents: net,
      vat_cents: 0,
      test_mode: true,
    });
    // A test order's invoice is numbered apart, so real invoice numbers have no gaps.
    expect(fulfilled.body.invoice_number).toMatch(/^TEST-INV-\d{4}-\d{6}$/);
    expect(fulfilled.body.lines.every((l: any) => l.fulfilled)).toBe(true);

    const [listing] = await sql<{ unlocked_sections: string[]; category_ids: number[]; billboard_cents: string }>(
      app,
      'select unlocked_sections, category_ids, billboard_cents from listing where id = ?',
      [shop.listingId],
    );
    expect([...listing.unlocked_sections].sort()).toEqual(['media', 'milestones', 'story']);
    expect(listing.category_ids).toEqual([
      shop.categories.primary,
      shop.categories.one,
      shop.categories.two,
      shop.categories.three,
    ]);
    expect(Number(listing.billboard_cents)).toBe(5000);
    const [promo] = await sql<{ redemptions: number }>(app, "select redemptions from promo_code where code = 'HALF'");
    expect(promo.redemptions).toBe(1);

    const mails = await receiptsTo(app, 'buyer@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(fulfilled.body.invoice_number);
    expect(mails[0].text_body).toMatch(/^TEST INVOICE: .*Nothing was paid/);
    expect(mails[0].text_body).toContain('Launch Directory GmbH');
    expect(mails[0].text_body).toContain('VAT number DE136695976');
    expect(mails[0].text_body).toContain('VAT number FR40303265045');
    expect(mails[0].text_body).toContain('Reverse charge');

    // The launch line started the paid launch: live at once, plan paid.
    const launched = await until(
      () => shop.owner.call('GET', `/me/listings/${shop.listingId}`),
      (r) => r.body.status === 'live',
    );
    expect(launched.body).toMatchObject({ status: 'live', plan: 'paid' });

    // The paid page says so; paying again changes nothing.
    await page.goto(order.checkout_url);
    expect(await page.getAttribute('#order-status', 'data-status')).toBe('fulfilled');
    expect(await page.textContent('#test-order')).toContain('TEST ORDER');
    expect(await page.$('#pay')).toBeNull();

    const mine = await shop.owner.call('GET', '/orders');
    expect(mine.body).toMatchObject({ total: 1, items: [{ number: order.number, status: 'fulfilled' }] });
  }, 90_000);

  it('replays create_checkout for the same Idempotency-Key: 50 concurrent calls build one order', async () => {
    const buyer = await openShop(app, 'concurrent@example.com', 'concurrent');
    const body = { items: [{ product: 'unlock-sections', listing_id: buyer.listingId }], billing_country: 'US' };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => buyer.owner.call('POST', '/orders/checkout', body, { 'idempotency-key': 'one-key' })),
    );
    const numbers = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.number));
    expect(numbers.size).toBe(1);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    const [row] = await sql<{ n: string }>(app, 'select count(*) as n from orders where owner_id = ?', [buyer.owner.id]);
    expect(Number(row.n)).toBe(1);
  });

  it('answers a retry of a create_checkout whose answer was lost after its lifecycle started with that order', async () => {
    const buyer = await openShop(app, 'lost-answer@example.com', 'lost-answer');
    const body = { items: [{ product: 'unlock-sections', listing_id: buyer.listingId }], billing_country: 'US' };
    const workflow = app.deps.temporal.client.workflow;
    const start = workflow.start.bind(workflow);
    // Temporal starts the lifecycle and its answer is lost (gRPC UNAVAILABLE), as when Temporal or the api dies right then.
    workflow.start = (async (type, options) => {
      workflow.start = start;
      await start(type, options);
      throw Object.assign(new Error('the answer to the start was lost'), { code: 14 });
    }) as typeof workflow.start;
    const lost = await buyer.owner.call('POST', '/orders/checkout', body, { 'idempotency-key': 'lost-answer' });
    expect(lost.status).toBe(503);
    const retried = await buyer.owner.call('POST', '/orders/checkout', body, { 'idempotency-key': 'lost-answer' });
    expect(retried.status).toBe(201);
    const orders = await sql<{ number: string }>(app, 'select number from orders where owner_id = ?', [buyer.owner.id]);
    expect(orders.map((o) => o.number)).toEqual([retried.body.number]);
    const run = await workflow.getHandle(`order-${retried.body.number}`).describe();
    expect(run.status.name).toBe('RUNNING');
  });

  it('gives two requests under one key that build at the same time the same order, never a 500', async () => {
    const buyer = await openShop(app, 'same-key@example.com', 'same-key');
    const body = { items: [{ product: 'unlock-sections' as const, listing_id: buyer.listingId }], billing_country: 'US' };
    // Both have looked for an order under the key and found none before either may insert: the inserts wait on this lock.
    const blocker = new pg.Client({ connectionString: app.databaseUrl });
    await blocker.connect();
    await blocker.query('begin; lock table orders in share mode');
    const owner = { siteId: app.deps.site.id, ownerId: buyer.owner.id };
    const both = [1, 2].map(() => createCheckout(app.deps.orm.em.fork(), app.deps, owner, body, 'same-key'));
    await until(
      async () =>
        (
          await blocker.query<{ n: number }>(
            "select count(*)::int as n from pg_locks where relation = 'orders'::regclass and not granted",
          )
        ).rows[0].n,
      (waiting) => waiting === 2,
    );
    await blocker.query('commit');
    await blocker.end();
    const [first, second] = await Promise.all(both);
    expect(second.number).toBe(first.number);
    const orders = await sql<{ number: string }>(app, 'select number from orders where owner_id = ?', [buyer.owner.id]);
    expect(orders.map((o) => o.number)).toEqual([first.number]);
  });

  it("answers 404 for another owner's order", async () => {
    const other = await openShop(app, 'nosy@example.com', 'nosy');
    const [row] = await sql<{ number: string }>(app, 'select number from orders order by id limit 1');
    expect((await other.owner.call('GET', `/orders/${row.number}`)).status).toBe(404);
    expect((await other.owner.call('GET', '/orders/LD-2026-999999')).status).toBe(404);
  });
});
