import Stripe from 'stripe';
import type { TestApp } from '../support/app.js';
import { request } from '../support/http.js';

const signer = new Stripe('sk_test_signer');

/** A Stripe event's payload, as Stripe posts it to the webhook. */
export function stripeEvent(id: string, type: string, object: Record<string, unknown>): string {
  return JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
}

/** Stripe's notice that the Checkout Session of order `number` was paid `amount` in `currency` by `paymentIntent`. */
export function sessionCompleted(
  eventId: string,
  number: string,
  amount: number,
  currency = 'usd',
  paymentIntent = 'pi_test_launch',
) {
  return stripeEvent(eventId, 'checkout.session.completed', {
    id: `cs_test_${number}`,
    object: 'checkout.session',
    payment_status: 'paid',
    amount_total: amount,
    currency,
    client_reference_id: number,
    metadata: { order_number: number },
    payment_intent: paymentIntent,
  });
}

/** Posts payloads to the app's Stripe webhook, with a given signature or signed with the endpoint's secret. */
export function stripeWebhook(appOf: () => TestApp, secret: string) {
  const deliver = (payload: string, signature: string) =>
    request(`${appOf().url}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  return {
    deliver,
    deliverSigned: (payload: string) => deliver(payload, signer.webhooks.generateTestHeaderString({ payload, secret })),
    /** The signature another secret makes. */
    forged: (payload: string, otherSecret: string) => signer.webhooks.generateTestHeaderString({ payload, secret: otherSecret }),
  };
}
