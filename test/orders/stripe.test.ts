import { startTestApp, type TestApp } from '../support/app.js';
import { runCli } from '../support/cli.js';
import { startStripeMock, type StripeMock } from '../support/stripe-mock.js';
import { WebClient } from '../support/web-client.js';
import { sessionCompleted, stripeEvent, stripeWebhook } from './stripe-notices.js';
import { openShop, recordTestPayment, sql, type Shop } from './support.js';

const webhookSecret = 'whsec_launch_directory_tests';
const operatorEmail = 'site-team@example.com';
let stripeMock: StripeMock;
let app: TestApp;
let shop: Shop;

beforeAll(async () => {
  stripeMock = await startStripeMock();
  app = await startTestApp({
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_123launchdirectory',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stripeMock.url,
      OPERATOR_EMAIL: operatorEmail,
    },
  });
  shop = await openShop(app, 'stripe-buyer@example.com', 'striped');
});
afterAll(async () => {
  await app?.close();
  await stripeMock?.close();
});

function chargeRefunded(eventId: string, paymentIntent: string, amount: number, refunded = amount, currency = 'usd') {
  return stripeEvent(eventId, 'charge.refunded', {
    id: `ch_${paymentIntent}`,
    object: 'charge',
    amount,
    amount_refunded: refunded,
    refunded: refunded === amount,
    currency,
    payment_intent: paymentIntent,
  });
}

function disputeCreated(eventId: string, paymentIntent: string, amount: number, currency = 'usd') {
  return stripeEvent(eventId, 'charge.dispute.created', {
    id: `dp_${paymentIntent}`,
    object: 'dispute',
    amount,
    currency,
    charge: `ch_${paymentIntent}`,
    payment_intent: paymentIntent,
    reason: 'fraudulent',
    status: 'needs_response',
  });
}

const { deliver, deliverSigned, forged } = stripeWebhook(() => app, webhookSecret);

async function orderOf(owner: Shop['owner'], number: string) {
  return (await owner.call('GET', `/orders/${number}`)).body;
}

async function untilStatus(owner: Shop['owner'], number: string, status: string) {
  let order = await orderOf(owner, number);
  for (let i = 0; i < 150 && order.status !== status; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    order = await orderOf(owner, number);
  }
  return order;
}

async function subjectsTo(email: string): Promise<string[]> {
  const rows = await sql<{ subject: string }>(app, 'select subject from mail_outbox where recipient = ? order by id', [email]);
  return rows.map((r) => r.subject);
}

/** A billboard order of a new owner, paid through a signed notice of its payment intent and fulfilled. */
async function paidBillboard(slug: string, paymentIntent: string) {
  const buyer = await openShop(app, `${slug}@example.com`, slug);
  const created = await buyer.owner.call('POST', '/orders/checkout', {
    items: [{ product: 'billboard', listing_id: buyer.listingId, amount_cents: 10_000 }],
    billing_country: 'US',
  });
  const { number, total_cents: total } = created.body;
  expect(total).toBe(10_000);
  const paid = await deliverSigned(sessionCompleted(`evt_paid_${slug}`, number, total, 'usd', paymentIntent));
  expect(paid.body.outcome).toBe('recorded');
  expect((await untilStatus(buyer.owner, number, 'fulfilled')).status).toBe('fulfilled');
  expect(await contributions(number)).toEqual([10_000]);
  return { owner: buyer.owner, number, total };
}

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
    const refused = await deliver(payload, forged(payload, 'whsec_someone_else'));
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid_input');
    expect((await deliver(payload, '')).status).toBe(400);
    expect((await shop.owner.call('GET', `/orders/${order.number}`)).body.status).toBe('pending');
    expect(await sql(app, 'select * from payment_event')).toHaveLength(0);

    const accepted = await deliverSigned(payload);
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
    const again = await deliverSigned(payload);
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

    // Stripe then reports the refund the site team made: the order is refunded already, nothing changes.
    const echo = await deliverSigned(chargeRefunded('evt_test_refund_echo', 'pi_test_launch', 15_000));
    expect(echo.status).toBe(200);
    expect(echo.body.outcome).toBe('unchanged');
    expect((await subjectsTo(shop.owner.email)).filter((s) => s === `Order ${order.number} refunded`)).toHaveLength(1);
    expect(await subjectsTo(operatorEmail)).toEqual([]);
  }, 90_000);

  it('refunds a payment of another amount or currency than the order has, and keeps the order waiting for its own', async () => {
    const other = await openShop(app, 'short-payer@example.com', 'short-paid');
    const created = await other.owner.call('POST', '/orders/checkout', {
      items: [{ product: 'unlock-sections', listing_id: other.listingId }],
      billing_country: 'US',
    });
    const { number, total_cents: total } = created.body;
    for (const [intent, payload] of [
      ['pi_test_short', sessionCompleted('evt_test_short', number, 1, 'usd', 'pi_test_short')],
      ['pi_test_euro', sessionCompleted('evt_test_euro', number, total, 'eur', 'pi_test_euro')],
    ]) {
      const res = await deliverSigned(payload);
      expect(res.status).toBe(200);
      expect(res.body.outcome).toBe('refunded');
      expect(stripeMock.requests.filter((r) => r.path === '/v1/refunds' && r.body.get('payment_intent') === intent)).toHaveLength(
        1,
      );
      // Stripe sends it again: refunded once.
      expect((await deliverSigned(payload)).body.outcome).toBe('duplicate');
    }
    expect(await subjectsTo(operatorEmail)).toEqual([
      `Stripe: payment for order ${number} refunded (repriced)`,
      `Stripe: payment for order ${number} refunded (repriced)`,
    ]);
    expect((await orderOf(other.owner, number)).status).toBe('pending');
    expect((await deliverSigned(sessionCompleted('evt_test_right', number, total, 'usd', 'pi_test_right'))).body.outcome).toBe(
      'recorded',
    );
  });

  it('takes an order back once when Stripe reports its refund, and tells the owner and the site team', async () => {
    const { owner, number, total } = await paidBillboard('refunded-in-stripe', 'pi_test_refunded');
    for (const payload of [
      chargeRefunded('evt_refund_euro', 'pi_test_refunded', total, total, 'eur'),
      chargeRefunded('evt_refund_part', 'pi_test_refunded', total, total - 1),
    ]) {
      const res = await deliverSigned(payload);
      expect(res.status).toBe(409);
      expect(res.body.detail).toContain('Not a refund of order');
    }
    expect((await orderOf(owner, number)).status).toBe('fulfilled');
    expect(await contributions(number)).toEqual([10_000]);

    const payload = chargeRefunded('evt_refund_full', 'pi_test_refunded', total);
    const res = await deliverSigned(payload);
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('recorded');
    const refunded = await orderOf(owner, number);
    expect(refunded).toMatchObject({ status: 'refunded', disputed_at: null });
    expect(refunded.refunded_at).not.toBeNull();
    expect(await contributions(number)).toEqual([]);
    expect(await subjectsTo(owner.email)).toContain(`Order ${number} refunded`);
    const aboutThisOrder = async () => (await subjectsTo(operatorEmail)).filter((s) => s.includes(number));
    expect(await aboutThisOrder()).toEqual([`Stripe: order ${number} refunded`]);

    // Stripe delivers an event again when unsure it arrived: nothing changes the second time.
    const again = await deliverSigned(payload);
    expect(again.body.outcome).toBe('duplicate');
    expect((await subjectsTo(owner.email)).filter((s) => s.endsWith('refunded'))).toHaveLength(1);
    expect(await aboutThisOrder()).toHaveLength(1);
    expect(await orderOf(owner, number)).toEqual(refunded);
  }, 60_000);

  it('takes an order back as disputed when the payer disputes it, once', async () => {
    const { owner, number, total } = await paidBillboard('disputed-in-stripe', 'pi_test_disputed');
    const wrong = await deliverSigned(disputeCreated('evt_dispute_wrong', 'pi_test_disputed', total + 100));
    expect(wrong.status).toBe(409);
    expect((await orderOf(owner, number)).status).toBe('fulfilled');
    expect(await contributions(number)).toEqual([10_000]);

    const payload = disputeCreated('evt_dispute', 'pi_test_disputed', total);
    expect((await deliverSigned(payload)).body.outcome).toBe('recorded');
    const disputed = await orderOf(owner, number);
    expect(disputed.status).toBe('disputed');
    expect(disputed.disputed_at).not.toBeNull();
    expect(await contributions(number)).toEqual([]);
    expect(await subjectsTo(owner.email)).toContain(`Order ${number} disputed`);
    expect(await subjectsTo(operatorEmail)).toContain(`Stripe: order ${number} disputed (fraudulent)`);

    const before = await subjectsTo(operatorEmail);
    expect((await deliverSigned(payload)).body.outcome).toBe('duplicate');
    expect((await deliverSigned(chargeRefunded('evt_after_dispute', 'pi_test_disputed', total))).body.outcome).toBe('unchanged');
    expect(await orderOf(owner, number)).toEqual(disputed);
    expect(await subjectsTo(operatorEmail)).toEqual(before);
  }, 60_000);

  it('answers a notice about a payment of no order without changing anything', async () => {
    const res = await deliverSigned(chargeRefunded('evt_refund_stranger', 'pi_test_nobody', 500));
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('unknown_payment');
  });
});

describe('the test payment step with Stripe configured', () => {
  it('cannot mark an order paid: Pay goes to Stripe, and a test payment is refused', async () => {
    const buyer = await openShop(app, 'test-step@example.com', 'test-step');
    const created = await buyer.owner.call('POST', '/orders/checkout', {
      items: [{ product: 'unlock-sections', listing_id: buyer.listingId }],
      billing_country: 'US',
    });
    const order = created.body;
    // Stripe at another address (stripe-mock) moves no money: the order says TEST, and is still paid through Stripe.
    expect(order.test_mode).toBe(true);

    const browser = new WebClient(app.url);
    const page = await browser.get(order.checkout_url);
    expect(page.html).toContain('TEST ORDER');
    expect(page.html).not.toContain('TEST PAYMENT');
    const paying = await browser.submit(page, `/checkout/${order.number}`, { action: 'pay', name: 'Tess', method: 'card' });
    expect(paying.status).toBe(302);
    expect(paying.location).toMatch(/^https:\/\//);
    expect((await orderOf(buyer.owner, order.number)).status).toBe('pending');

    // A test payment pays only an order made in test mode, whoever records it.
    await sql(app, 'update orders set test_mode = false where number = ?', [order.number]);
    expect(await recordTestPayment(app, order.number)).toBe('not_payable');
    expect((await orderOf(buyer.owner, order.number)).status).toBe('pending');
  });

  it('does not pay an order made for real through a mock of Stripe', async () => {
    const buyer = await openShop(app, 'left-over@example.com', 'left-over');
    const created = await buyer.owner.call('POST', '/orders/checkout', {
      items: [{ product: 'unlock-sections', listing_id: buyer.listingId }],
      billing_country: 'US',
    });
    // As if made before the deployment moved from Stripe itself to stripe-mock.
    await sql(app, 'update orders set test_mode = false where number = ?', [created.body.number]);
    const sessions = () => stripeMock.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const sessionsBefore = sessions();
    const browser = new WebClient(app.url);
    const page = await browser.get(created.body.checkout_url);
    expect(page.html).not.toContain('TEST ORDER');
    const paying = await browser.submit(page, `/checkout/${created.body.number}`, { action: 'pay', name: 'Leftover' });
    expect(paying.status).toBe(409);
    expect(paying.html).toContain('made for real');
    expect(sessions()).toBe(sessionsBefore);
    expect((await orderOf(buyer.owner, created.body.number)).status).toBe('pending');
  });
});
