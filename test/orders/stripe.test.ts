import Stripe from 'stripe';
import { startTestApp, type TestApp } from '../support/app.js';
import { runCli } from '../support/cli.js';
import { request } from '../support/http.js';
import { startStripeMock, type StripeMock } from '../support/stripe-mock.js';
import { WebClient } from '../support/web-client.js';
import { openShop, sql, type Shop } from './support.js';

const webhookSecret = 'whsec_launch_directory_tests';
let stripeMock: StripeMock;
let app: TestApp;
let shop: Shop;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  stripeMock = await startStripeMock();
  app = await startTestApp({
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_123launchdirectory',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stripeMock.url,
    },
  });
  shop = await openShop(app, 'stripe-buyer@example.com', 'striped');
});
afterAll(async () => {
  await app?.close();
  await stripeMock?.close();
});

function sessionCompleted(eventId: string, number: string, amount: number) {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: 'cs_test_launch',
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: amount,
        currency: 'usd',
        client_reference_id: number,
        metadata: { order_number: number },
        payment_intent: 'pi_test_launch',
      },
    },
  });
}

const deliver = (payload: string, signature: string) =>
  request(`${app.url}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });

async function contributions(number: string): Promise<number[]> {
  const rows = await sql<{ amount_cents: string }>(
    app,
    'select amount_cents from billboard_contribution where order_number = ?',
    [number],
  );
  return rows.map((r) => Number(r.amount_cents));
}

describe('payment through Stripe (against stripe-mock)', () => {
  it('sends the person to a Checkout Session for the total; a signed webhook fulfils once; a refund withdraws it', async () => {
    const created = await shop.owner.call('POST', '/orders/checkout', {
      items: [{ product: 'billboard', listing_id: shop.listingId, amount_cents: 12_500 }],
      billing_country: 'AT',
    });
    expect(created.status).toBe(201);
    const order = created.body;
    expect(order.total_cents).toBe(15_000); // 12,500 + 20 % Austrian VAT

    const browser = new WebClient(app.url);
    const page = await browser.get(order.checkout_url);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('TEST PAYMENT');
    const paying = await browser.submit(page, `/checkout/${order.number}`, {
      action: 'pay',
      name: 'Erika Muster',
      country: 'AT',
    });
    expect(paying.status).toBe(302);
    expect(paying.location).toMatch(/^https:\/\//);

    const sessions = stripeMock.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(sessions).toHaveLength(1);
    const sent = sessions[0].body;
    expect(sent.get('mode')).toBe('payment');
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('15000');
    expect(sent.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(sent.get('metadata[order_number]')).toBe(order.number);
    expect(sent.get('success_url')).toBe(order.checkout_url);

    // A wrongly signed notice is refused and changes nothing.
    const payload = sessionCompleted('evt_test_paid_once', order.number, 15_000);
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const refused = await deliver(payload, forged);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid_input');
    expect((await deliver(payload, '')).status).toBe(400);
    expect((await shop.owner.call('GET', `/orders/${order.number}`)).body.status).toBe('pending');
    expect(await sql(app, 'select * from payment_event')).toHaveLength(0);

    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const accepted = await deliver(payload, signature);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ received: true, outcome: 'recorded' });
    let state = order;
    for (let i = 0; i < 150 && state.status !== 'fulfilled'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await shop.owner.call('GET', `/orders/${order.number}`)).body;
    }
    expect(state.status).toBe('fulfilled');
    expect(await contributions(order.number)).toEqual([12_500]);

    // The same event again (Stripe retries) fulfils nothing twice.
    const again = await deliver(payload, signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }));
    expect(again.status).toBe(200);
    expect(again.body.outcome).toBe('duplicate');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await contributions(order.number)).toEqual([12_500]);
    const [board] = await sql<{ billboard_cents: string }>(app, 'select billboard_cents from listing where id = ?', [
      shop.listingId,
    ]);
    expect(Number(board.billboard_cents)).toBe(12_500);

    const refund = await runCli(app, 'order', 'refund', order.number);
    expect(refund.stderr).toBe('');
    expect(refund.status).toBe(0);
    expect(stripeMock.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.body.get('payment_intent'))).toEqual([
      'pi_test_launch',
    ]);
    expect((await shop.owner.call('GET', `/orders/${order.number}`)).body).toMatchObject({ status: 'refunded' });
    expect(await contributions(order.number)).toEqual([]);
    const mails = await sql<{ subject: string }>(app, 'select subject from mail_outbox where recipient = ? order by id', [
      shop.owner.email,
    ]);
    expect(mails.map((m) => m.subject)).toContain(`Order ${order.number} refunded`);
    expect((await runCli(app, 'order', 'refund', order.number)).status).toBe(1);
  }, 90_000);

  it('does not take a notice for another amount as payment of the order', async () => {
    const other = await openShop(app, 'short-payer@example.com', 'short-paid');
    const created = await other.owner.call('POST', '/orders/checkout', {
      items: [{ product: 'unlock-sections', listing_id: other.listingId }],
      billing_country: 'US',
    });
    const payload = sessionCompleted('evt_test_short', created.body.number, 1);
    const res = await deliver(payload, signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }));
    expect(res.body.outcome).toBe('not_payable');
    expect((await other.owner.call('GET', `/orders/${created.body.number}`)).body.status).toBe('pending');
  });
});
