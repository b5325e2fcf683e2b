import { randomUUID } from 'node:crypto';
import { workflowIds } from '../../src/domain/workflow-ids.js';
import { buildOrder } from '../../src/orders/checkout.js';
import { buyerFor } from '../../src/orders/quote.js';
import { orderBody } from '../../src/orders/schemas.js';
import { housekeeping } from '../../workflows/housekeeping.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { until } from '../support/until.js';
import { WebClient } from '../support/web-client.js';
import { openShop, recordTestPayment, sql, type Shop } from './support.js';

/**
 * A create_checkout whose api process died after its order committed and before it started the
 * order's lifecycle leaves a pending order that nothing waits on; its owner still finds it, with
 * its checkout link, on their orders page, and may pay it there. The payment must still deliver;
 * and an order nobody pays must still expire, through the hourly housekeeping run.
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

/** A billboard order built as create_checkout builds one, its lifecycle never started. */
async function orphanOrder(shop: Shop): Promise<string> {
  const body = orderBody.parse({
    items: [{ product: 'billboard', listing_id: shop.listingId, amount_cents: 2500 }],
    billing_country: 'US',
  });
  const { number } = await buildOrder(app.deps.orm.em.fork(), buyerFor(app.deps.config, app.deps.site.id, shop.owner.id), body);
  return number;
}

/** Its payment window closed an hour ago. */
const windowClosed = (number: string) =>
  sql(app, "update orders set expires_at = now() - interval '1 hour' where number = ?", [number]);

const runHousekeeping = () =>
  app.deps.temporal.client.workflow.execute(housekeeping, {
    taskQueue: app.taskQueue,
    workflowId: `housekeeping-test-${randomUUID()}`,
  });

const statusOf = async (number: string) =>
  (await sql<{ status: string }>(app, 'select status from orders where number = ?', [number]))[0].status;

const settled = (number: string, status: string) =>
  until(
    () => statusOf(number),
    (s) => s === status,
  );

describe('the hourly housekeeping run', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop(app, 'overdue@example.com', 'overdue-board');
  });

  it('expires a pending order whose lifecycle was never started, once its payment window has closed', async () => {
    const overdue = await orphanOrder(shop);
    const open = await orphanOrder(shop);
    await windowClosed(overdue);
    await runHousekeeping();
    expect(await settled(overdue, 'expired')).toBe('expired');
    // An order still within its window is left to its owner.
    expect(await statusOf(open)).toBe('pending');
    await expect(app.deps.temporal.client.workflow.getHandle(workflowIds.orderFulfilment(open)).describe()).rejects.toThrow(
      /not found/i,
    );
    const { body } = await shop.owner.call('GET', `/orders/${overdue}`);
    expect(body).toMatchObject({ status: 'expired', checkout_url: null });
  });

  it('delivers an order paid while its lifecycle was never started and the payment never announced', async () => {
    const number = await orphanOrder(shop);
    expect(await recordTestPayment(app, number)).toBe('recorded');
    await windowClosed(number);
    await runHousekeeping();
    expect(await settled(number, 'fulfilled')).toBe('fulfilled');
    expect(await sql(app, 'select amount_cents from billboard_contribution where order_number = ?', [number])).toHaveLength(1);
  });

  it('leaves an open lifecycle to run as it is, not doubled', async () => {
    const created = await shop.owner.call('POST', '/orders/checkout', {
      items: [{ product: 'billboard', listing_id: shop.listingId, amount_cents: 2500 }],
      billing_country: 'US',
    });
    expect(created.status).toBe(201);
    const { number } = created.body as { number: string };
    const lifecycle = app.deps.temporal.client.workflow.getHandle(workflowIds.orderFulfilment(number));
    const before = await lifecycle.describe();
    // PostgreSQL says the window closed; the lifecycle's own timer has hours to go.
    await windowClosed(number);
    await runHousekeeping();
    const after = await lifecycle.describe();
    expect(after.runId).toBe(before.runId);
    expect(after.status.name).toBe('RUNNING');
    expect(await statusOf(number)).toBe('pending');
    await lifecycle.terminate('test over');
  });
});
