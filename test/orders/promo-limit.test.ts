import { jest } from '@jest/globals';
import Stripe from 'stripe';
import { startTestApp, type TestApp } from '../support/app.js';
import { runCli } from '../support/cli.js';
import { request } from '../support/http.js';
import { startStripeMock, type StripeMock } from '../support/stripe-mock.js';
import { WebClient } from '../support/web-client.js';
import { addPromo, openShop, sql } from './support.js';

const webhookSecret = 'whsec_promo_limit_tests';
const signer = new Stripe('sk_test_signer');
let stripeMock: StripeMock;
let app: TestApp;

beforeAll(async () => {
  stripeMock = await startStripeMock();
  app = await startTestApp({
    worker: false,
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_123launchdirectory',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stripeMock.url,
      OPERATOR_EMAIL: 'operator@example.test',
    },
  });
});
afterAll(async () => {
  await app?.close();
  await stripeMock?.close();
});

/** Stripe's signed notice that the Checkout Session of `number` was paid `amount` cents. */
function paidNotice(eventId: string, number: string, amount: number) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_${eventId}`,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: amount,
        currency: 'usd',
        client_reference_id: number,
        metadata: { order_number: number },
        payment_intent: `pi_${eventId}`,
      },
    },
  });
  return request(`${app.url}/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
    },
    body: payload,
  });
}

/** A pending order of unlock-sections for a new buyer, built with `code`, and the buyer's browser on its page. */
async function orderWith(code: string, n: number) {
  const shop = await openShop(app, `racer-${code}-${n}@example.com`, `racer-${code.toLowerCase()}-${n}`);
  const created = await shop.owner.call('POST', '/orders/checkout', {
    items: [{ product: 'unlock-sections', listing_id: shop.listingId }],
    billing_country: 'US',
    promo_code: code,
  });
  expect(created.status).toBe(201);
  const browser = new WebClient(app.url);
  const page = await browser.get(created.body.checkout_url);
  expect(page.status).toBe(200);
  return { number: created.body.number as string, total: created.body.total_cents as number, browser, page };
}

describe('promo code limits under concurrency', () => {
  it('lets exactly one of 20 concurrent free payments of a limit-1 code through; the others are used_up', async () => {
    await addPromo(app, { code: 'ONCE', value: 10_000, maxRedemptions: 1 });
    const orders = [];
    for (let n = 0; n < 20; n++) orders.push(await orderWith('ONCE', n));
    expect(orders.every((o) => o.total === 0)).toBe(true);

    const answers = await Promise.all(
      orders.map((o) =>
        o.browser.submit(o.page, `/checkout/${o.number}`, { action: 'pay', name: 'Racer', country: 'US', promo_code: 'ONCE' }),
      ),
    );

    const paid = answers.filter((a) => a.status === 303);
    const refused = answers.filter((a) => a.status === 400);
    expect([paid.length, refused.length]).toEqual([1, 19]);
    for (const answer of refused) {
      expect(answer.html).toContain('Promo code &quot;ONCE&quot; refused');
      expect(answer.html).toContain('used_up');
    }
    const [promo] = await sql<{ redemptions: number }>(app, "select redemptions from promo_code where code = 'ONCE'");
    expect(promo.redemptions).toBe(1);
    const statuses = await sql<{ status: string }>(app, 'select status from orders where number = any(?)', [
      `{${orders.map((o) => o.number).join(',')}}`,
    ]);
    expect(statuses.filter((s) => s.status === 'paid')).toHaveLength(1);
    expect(statuses.filter((s) => s.status === 'pending')).toHaveLength(19);
  }, 120_000);

  it('honours a Stripe payment taken after the code ran out, records the overage and tells the operator', async () => {
    await addPromo(app, { code: 'HALFONCE', value: 5000, maxRedemptions: 1 });
    const first = await orderWith('HALFONCE', 100);
    const second = await orderWith('HALFONCE', 101);
    expect(second.total).toBeGreaterThan(0);
    const warn = jest.spyOn(app.deps.log, 'warn');

    expect((await paidNotice('evt_first', first.number, first.total)).body).toEqual({ received: true, outcome: 'recorded' });
    expect(warn).not.toHaveBeenCalled();
    // The second person paid on Stripe before the first payment was counted: the money came in, the order is theirs.
    expect((await paidNotice('evt_second', second.number, second.total)).body).toEqual({ received: true, outcome: 'recorded' });
    const orders = await sql<{ number: string; status: string }>(app, 'select number, status from orders where number = any(?)', [
      `{${first.number},${second.number}}`,
    ]);
    expect(orders.map((o) => o.status)).toEqual(['paid', 'paid']);
    const [promo] = await sql<{ redemptions: number }>(app, "select redemptions from promo_code where code = 'HALFONCE'");
    expect(promo.redemptions).toBe(1);
    const overages = await sql<{ order_number: string }>(app, 'select order_number from promo_code_overage');
    expect(overages).toEqual([{ order_number: second.number }]);

    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatchObject({ promoCode: 'HALFONCE', order: second.number, overages: 1 });
    const mails = await sql<{ subject: string; text_body: string }>(
      app,
      'select subject, text_body from mail_outbox where recipient = ?',
      ['operator@example.test'],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Promo code HALFONCE used past its limit (order ${second.number})`);
    expect(mails[0].text_body).toContain('limit of 1 redemptions');

    // The same notice again changes nothing and tells no one twice.
    expect((await paidNotice('evt_second', second.number, second.total)).body.outcome).toBe('duplicate');
    expect(warn).toHaveBeenCalledTimes(1);

    const listed = await runCli(app, 'promo', 'list');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(`HALFONCE\t50% off\tall products\t.*\t1/1 used\tactive\t1 over the limit: ${second.number}`),
    );
    warn.mockRestore();
  });
});
