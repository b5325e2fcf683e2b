import { expireOrder } from '../../src/orders/fulfilment.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { startSmtpServer, type SmtpServer } from '../support/smtp-server.js';
import { startStripeMock, type StripeMock } from '../support/stripe-mock.js';
import { WebClient } from '../support/web-client.js';
import { sessionCompleted, stripeWebhook } from './stripe-notices.js';
import { openShop, sql, type Shop } from './support.js';

const webhookSecret = 'whsec_unpayable_orders_tests';
const operatorEmail = 'operator@example.test';
let stripeMock: StripeMock;
let smtp: SmtpServer;
let app: TestApp;
let shops = 0;

beforeAll(async () => {
  stripeMock = await startStripeMock();
  smtp = await startSmtpServer();
  app = await startTestApp({
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_123launchdirectory',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stripeMock.url,
      OPERATOR_EMAIL: operatorEmail,
      SMTP_URL: smtp.url,
    },
  });
});
afterAll(async () => {
  await app?.close();
  await stripeMock?.close();
  await smtp?.close();
});

const { deliverSigned } = stripeWebhook(() => app, webhookSecret);

/** A pending $100 billboard order (US: no VAT) of a new owner. */
async function billboardOrder(): Promise<{ shop: Shop; number: string; total: number; url: string }> {
  const shop = await openShop(app, `unpayable-${++shops}@example.com`, `unpayable-${shops}`);
  const created = await shop.owner.call('POST', '/orders/checkout', {
    items: [{ product: 'billboard', listing_id: shop.listingId, amount_cents: 10_000 }],
    billing_country: 'US',
  });
  expect(created.body.total_cents).toBe(10_000);
  return { shop, number: created.body.number, total: created.body.total_cents, url: created.body.checkout_url };
}

const refundsOf = (paymentIntent: string) =>
  stripeMock.requests.filter((r) => r.path === '/v1/refunds' && r.body.get('payment_intent') === paymentIntent);
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

async function orderRow(number: string) {
  const [row] = await sql<{ status: string; total_cents: number; paid_at: string | null; delivered: number }>(
    app,
    `select o.status, o.total_cents, o.paid_at,
       (select count(*) from order_line l where l.order_id = o.id and l.fulfilled_at is not null)::int as delivered
     from orders o where o.number = ?`,
    [number],
  );
  const [{ n }] = await sql<{ n: string }>(app, 'select count(*) as n from billboard_contribution where order_number = ?', [
    number,
  ]);
  return { ...row, contributions: Number(n) };
}

describe('a Stripe payment for an order that cannot take it', () => {
  it.each([
    ['expired', (number: string) => expireOrder(app.deps.orm.em.fork(), number)],
    ['canceled', (number: string) => sql(app, "update orders set status = 'canceled' where number = ?", [number])],
  ])('is refunded when the order is %s, told to the operator and the owner, and delivers nothing', async (status, close) => {
    const { shop, number, total } = await billboardOrder();
    await close(number);
    const intent = `pi_late_${status}`;
    const payload = sessionCompleted(`evt_late_${status}`, number, total, 'usd', intent);

    const answer = await deliverSigned(payload);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: true, outcome: 'refunded' });
    expect(refundsOf(intent)).toHaveLength(1);
    expect(await orderRow(number)).toMatchObject({ status, paid_at: null, delivered: 0, contributions: 0 });

    const [operator] = mailsTo(operatorEmail).filter((m) => m.subject.includes(number));
    expect(operator.subject).toBe(`Stripe: payment for order ${number} refunded (${status})`);
    expect(operator.text).toContain(`a payment of $100.00 USD for order ${number} of ${shop.owner.email}`);
    expect(operator.text).toContain(`The payment ${intent} was refunded in full; nothing was delivered`);
    const [owner] = mailsTo(shop.owner.email);
    expect(owner.subject).toBe(`Your payment for order ${number} was refunded`);
    expect(owner.text).toContain('The full amount goes back to how you paid, and nothing was delivered.');

    // Stripe sends the event again: nothing is refunded or told twice.
    const mails = smtp.mails.length;
    expect((await deliverSigned(payload)).body.outcome).toBe('duplicate');
    expect(refundsOf(intent)).toHaveLength(1);
    expect(smtp.mails).toHaveLength(mails);
  });

  it('is refunded when the order was repriced after its Checkout Session was made; the order is paid at its new total', async () => {
    const { shop, number, total, url } = await billboardOrder();
    const person = new WebClient(app.url);
    const paying = await person.submit(await person.get(url), `/checkout/${number}`, {
      action: 'pay',
      name: 'Erika Muster',
      country: 'US',
    });
    expect(paying.status).toBe(302);
    const session = stripeMock.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(session.body.get('line_items[0][price_data][unit_amount]')).toBe(String(total));

    // Back on the order's page before paying, the person moves to Austria: 20 % VAT.
    const repriced = await person.submit(await person.get(url), `/checkout/${number}`, {
      action: 'update',
      name: 'Erika Muster',
      country: 'AT',
    });
    expect(repriced.status).toBe(200);
    expect((await orderRow(number)).total_cents).toBe(12_000);

    const stale = await deliverSigned(sessionCompleted('evt_stale_session', number, total, 'usd', 'pi_stale_session'));
    expect(stale.body.outcome).toBe('refunded');
    expect(refundsOf('pi_stale_session')).toHaveLength(1);
    expect(await orderRow(number)).toMatchObject({ status: 'pending', total_cents: 12_000, paid_at: null, contributions: 0 });
    const [operator] = mailsTo(operatorEmail).filter((m) => m.subject.includes(number));
    expect(operator.subject).toBe(`Stripe: payment for order ${number} refunded (repriced)`);
    expect(operator.text).toContain("the order's total is 12000 cents");

    // The payment of the new total pays the order and delivers it.
    const paid = await deliverSigned(sessionCompleted('evt_new_session', number, 12_000, 'usd', 'pi_new_session'));
    expect(paid.body.outcome).toBe('recorded');
    let row = await orderRow(number);
    for (let i = 0; i < 150 && row.status !== 'fulfilled'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await orderRow(number);
    }
    expect(row).toMatchObject({ status: 'fulfilled', contributions: 1 });
    expect(refundsOf('pi_new_session')).toHaveLength(0);

    // A second payment of the paid order goes back; the order's own payment, told again, changes nothing.
    const second = await deliverSigned(sessionCompleted('evt_second_session', number, 12_000, 'usd', 'pi_second_session'));
    expect(second.body.outcome).toBe('refunded');
    expect(refundsOf('pi_second_session')).toHaveLength(1);
    const echo = await deliverSigned(sessionCompleted('evt_same_payment', number, 12_000, 'usd', 'pi_new_session'));
    expect(echo.body.outcome).toBe('duplicate');
    expect(refundsOf('pi_new_session')).toHaveLength(0);
    expect(await orderRow(number)).toMatchObject({ status: 'fulfilled', contributions: 1 });
    expect(mailsTo(shop.owner.email).map((m) => m.subject)).toEqual([
      `Your payment for order ${number} was refunded`,
      expect.stringMatching(/^TEST receipt: invoice TEST-INV-/),
      `Your payment for order ${number} was refunded`,
    ]);
  }, 60_000);
});

describe('the Checkout Session of an order', () => {
  /** Pay on the order's page once its expiry is `fromNow` ms away; answers the session's expires_at (epoch seconds) and the order's. */
  async function payExpiringIn(fromNow: number) {
    const { number, url } = await billboardOrder();
    const [{ expires }] = await sql<{ expires: string }>(
      app,
      'update orders set expires_at = now() + make_interval(secs => ?) where number = ? returning extract(epoch from expires_at) as expires',
      [fromNow / 1000, number],
    );
    const sessions = () => stripeMock.requests.filter((r) => r.path === '/v1/checkout/sessions');
    const before = sessions().length;
    const person = new WebClient(app.url);
    const paying = await person.submit(await person.get(url), `/checkout/${number}`, {
      action: 'pay',
      name: 'Kim',
      country: 'US',
    });
    const made = sessions().slice(before);
    return { paying, made, expiresAt: Number(made[0]?.body.get('expires_at')), orderExpires: Number(expires) };
  }

  it('expires with its order, within the 30 minutes to 24 hours Stripe allows', async () => {
    const hour = 3_600_000;
    const within = await payExpiringIn(3 * hour);
    expect(within.paying.status).toBe(302);
    expect(within.expiresAt).toBe(Math.floor(within.orderExpires / 60) * 60);

    const soon = await payExpiringIn(5 * 60_000);
    const now = Date.now() / 1000;
    expect(soon.expiresAt).toBeGreaterThanOrEqual(now + 30 * 60);
    expect(soon.expiresAt).toBeLessThanOrEqual(now + 32 * 60);
    expect(soon.expiresAt).toBeGreaterThan(soon.orderExpires);

    const late = await payExpiringIn(72 * hour);
    expect(late.expiresAt).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 3600);
    expect(late.expiresAt).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
  });

  it('is not made for an order whose time ran out before its lifecycle expired it', async () => {
    const gone = await payExpiringIn(-1000);
    expect(gone.paying.status).toBe(409);
    expect(gone.paying.html).toContain('This order has expired');
    expect(gone.made).toEqual([]);
  });
});
