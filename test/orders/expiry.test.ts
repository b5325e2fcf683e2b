import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { openShop } from './support.js';

let app: TestApp;

// An order waits 2 seconds for payment here.
beforeAll(async () => {
  app = await startTestApp({ env: { ORDER_EXPIRY_HOURS: String(2 / 3600) } });
});
afterAll(() => app.close());

describe('orderFulfilment expiry', () => {
  it('expires an order that is not paid in time; its page says so and takes no payment', async () => {
    const shop = await openShop(app, 'late@example.com', 'late');
    const created = await shop.owner.call('POST', '/orders/checkout', {
      items: [{ product: 'unlock-sections', listing_id: shop.listingId }],
      billing_country: 'US',
    });
    expect(created.status).toBe(201);
    const checkoutUrl = created.body.checkout_url;
    let order = created.body;
    for (let i = 0; i < 100 && order.status === 'pending'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      order = (await shop.owner.call('GET', `/orders/${order.number}`)).body;
    }
    expect(order).toMatchObject({ status: 'expired', checkout_url: null, paid_at: null });
    expect(order.lines[0].fulfilled).toBe(false);
    const page = await request(checkoutUrl);
    expect(page.text).toContain('This order expired');
    expect(page.text).not.toContain('id="pay"');
  }, 60_000);
});
