import { workflowIds } from '../../src/domain/workflow-ids.js';
import { buildOrder } from '../../src/orders/checkout.js';
import { buyerFor } from '../../src/orders/quote.js';
import { orderBody } from '../../src/orders/schemas.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { WebClient } from '../support/web-client.js';
import { openShop, sql } from './support.js';

/**
 * A create_checkout whose api process died after its order committed and before it started the
 * order's lifecycle leaves a pending order that nothing waits on; its owner still finds it, with
 * its checkout link, on their orders page, and may pay it there. The payment must still deliver.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

it('fulfils a paid order whose lifecycle was never started', async () => {
  const shop = await openShop(app, 'orphan@example.com', 'orphan-board');
  const body = orderBody.parse({
    items: [{ product: 'billboard', listing_id: shop.listingId, amount_cents: 4000 }],
    billing_country: 'US',
  });
  const { number } = await buildOrder(app.deps.orm.em.fork(), buyerFor(app.deps.config, app.deps.site.id, shop.owner.id), body);
  const fulfilment = app.deps.temporal.client.workflow.getHandle(workflowIds.orderFulfilment(number));
  await expect(fulfilment.describe()).rejects.toThrow(/not found/i);

  const { checkout_url } = (await shop.owner.call('GET', `/orders/${number}`)).body;
  const browser = new WebClient(app.url);
  const page = await browser.get(checkout_url);
  const paid = await browser.submit(page, `/checkout/${number}`, { action: 'pay', name: 'Orphan Test', method: 'card' });
  expect(paid.status).toBe(303);

  let order = (await shop.owner.call('GET', `/orders/${number}`)).body;
  for (let i = 0; i < 300 && order.status !== 'fulfilled'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    order = (await shop.owner.call('GET', `/orders/${number}`)).body;
  }
  expect(order.status).toBe('fulfilled');
  expect(await sql(app, 'select amount_cents from billboard_contribution where order_number = ?', [number])).toHaveLength(1);
});
