import { loadConfig } from '../../src/config.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { WebClient } from '../support/web-client.js';
import { addPromo, openShop, productPrices, sql, type Shop } from './support.js';

const checkoutPostsPerMinute = 5;
let app: TestApp;
let shop: Shop;
let fullPrice: number;

beforeAll(async () => {
  // No worker: nothing is fulfilled, so one listing takes every round's order.
  app = await startTestApp({ worker: false, env: { CHECKOUT_POSTS_PER_MINUTE: String(checkoutPostsPerMinute) } });
  shop = await openShop(app, 'racer@example.com', 'race-free');
  fullPrice = (await productPrices(app))['unlock-sections'];
  await addPromo(app, { code: 'FREE100', value: 10_000 });
});
afterAll(() => app?.close());

/** A pending unlock-sections order at full price (US: no VAT) and its checkout link. */
async function fullPriceOrder(): Promise<{ number: string; url: string }> {
  const created = await shop.owner.call('POST', '/orders/checkout', {
    items: [{ product: 'unlock-sections', listing_id: shop.listingId }],
    billing_country: 'US',
  });
  expect(created.status).toBe(201);
  expect(created.body.total_cents).toBe(fullPrice);
  return { number: created.body.number, url: created.body.checkout_url };
}

interface Settled {
  status: string;
  total_cents: number;
  provider: string | null;
  promo: { applied: boolean } | null;
}

describe('the free-checkout race', () => {
  it('never pays a full-price order as free: 50 rounds of Pay with a 100 % code against removing the code', async () => {
    const settled: Settled[] = [];
    for (let round = 0; round < 50; round++) {
      const { number, url } = await fullPriceOrder();
      const payer = new WebClient(app.url);
      const remover = new WebClient(app.url);
      // The payer applies the code and sees nothing to pay; the same order is open in another tab.
      const billing = { name: 'Racer', country: 'US', promo_code: 'FREE100' };
      const applied = await payer.submit(await payer.get(url), `/checkout/${number}`, { action: 'update', ...billing });
      expect(applied.html).toContain('Nothing to pay.');
      const otherTab = await remover.get(url);
      await Promise.all([
        payer.submit(applied, `/checkout/${number}`, { action: 'pay', ...billing }),
        remover.submit(otherTab, `/checkout/${number}`, { action: 'update', name: 'Racer', country: 'US', promo_code: '' }),
      ]);
      const [order] = await sql<Settled>(app, 'select status, total_cents, provider, promo from orders where number = ?', [
        number,
      ]);
      settled.push(order);
    }

    const paidForNothing = settled.filter((o) => o.status === 'paid' && o.total_cents !== 0);
    expect(paidForNothing).toEqual([]);
    for (const order of settled) {
      if (order.status === 'paid') expect(order).toMatchObject({ total_cents: 0, provider: 'free', promo: { applied: true } });
      else expect(order).toMatchObject({ status: 'pending', total_cents: fullPrice });
    }
    const [promo] = await sql<{ redemptions: number }>(app, "select redemptions from promo_code where code = 'FREE100'");
    expect(promo.redemptions).toBe(settled.filter((o) => o.status === 'paid').length);
  }, 240_000);

  it('limits checkout posts per order and client: 429 with Retry-After and the RateLimit headers', async () => {
    const { number, url } = await fullPriceOrder();
    const person = new WebClient(app.url);
    const page = await person.get(url);
    const update = { action: 'update', name: 'Busy', country: 'US' };
    for (let n = 1; n <= checkoutPostsPerMinute; n++) {
      const answer = await person.submit(page, `/checkout/${number}`, update);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit-limit')).toBe(String(checkoutPostsPerMinute));
      expect(answer.headers.get('ratelimit-remaining')).toBe(String(checkoutPostsPerMinute - n));
    }
    const refused = await person.submit(page, `/checkout/${number}`, update);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    expect(refused.html).toContain('Too many tries on this order');

    expect(loadConfig({}).orders.checkoutPostsPerMinute).toBe(20);
    // Another order of the same client has its own budget.
    const other = await fullPriceOrder();
    const otherPage = await person.get(other.url);
    expect((await person.submit(otherPage, `/checkout/${other.number}`, update)).status).toBe(200);
  });
});
