import Stripe from 'stripe';
import type { OrdersConfig } from '../config.js';
import { AppError } from '../errors.js';

/** The order facts a provider needs to take a payment. */
export interface PaymentRequest {
  number: string;
  totalCents: number;
  email: string;
  /** Where the provider sends the person back, paid or not: the order's checkout page. */
  returnUrl: string;
}

/** A payment the provider confirmed in a verified notice. */
export interface ConfirmedPayment {
  eventId: string;
  number: string;
  amountCents: number;
  reference: string | null;
}

/**
 * Payment providers. `test` (the embedded default) takes the payment on the checkout page itself,
 * marked as a test: no money moves. `stripe` sends the person to a Checkout Session and learns of
 * the payment from a signed webhook.
 */
export type PaymentProvider = { kind: 'test' } | StripeProvider;

export interface StripeProvider {
  kind: 'stripe';
  /** Creates a Checkout Session for the order's total; answers where to send the person and the session id. */
  startPayment(request: PaymentRequest): Promise<{ url: string; sessionId: string }>;
  /** Verifies a webhook's signature (400 when wrong); answers the payment it confirms, or null for other events. */
  confirmedPayment(rawBody: Buffer, signature: string | undefined): ConfirmedPayment | null;
  /** Refunds the payment in full. */
  refund(paymentIntent: string): Promise<void>;
}

export function createPaymentProvider(config: OrdersConfig): PaymentProvider {
  const payments = config.payments;
  if (payments.provider === 'test') return { kind: 'test' };
  const api = payments.apiUrl ? new URL(payments.apiUrl) : undefined;
  const stripe = new Stripe(payments.secretKey, {
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'http:' ? 80 : 443),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
    }),
    maxNetworkRetries: 2,
    telemetry: false,
  });
  return {
    kind: 'stripe',
    async startPayment(request) {
      const session = await stripe.checkout.sessions
        .create(
          {
            mode: 'payment',
            client_reference_id: request.number,
            customer_email: request.email,
            metadata: { order_number: request.number },
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: request.totalCents,
                  product_data: { name: `Order ${request.number}` },
                },
              },
            ],
            success_url: request.returnUrl,
            cancel_url: request.returnUrl,
          },
          // One session per order and total: a double click or a retry reuses it.
          { idempotencyKey: `checkout-${request.number}-${request.totalCents}` },
        )
        .catch((error: Error) => {
          throw new AppError(
            'unavailable',
            `The payment provider could not start the payment (${error.message}). Try again in a moment.`,
          );
        });
      if (!session.url) throw new AppError('unavailable', 'The payment provider gave no payment page; try again.');
      return { url: session.url, sessionId: session.id };
    },
    confirmedPayment(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', payments.webhookSecret);
      } catch {
        throw new AppError('invalid_input', 'The webhook signature is missing or wrong.');
      }
      if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') return null;
      const session = event.data.object;
      const number = session.metadata?.order_number ?? session.client_reference_id;
      if (session.payment_status !== 'paid' || !number || session.amount_total === null) return null;
      const intent = session.payment_intent;
      return {
        eventId: event.id,
        number,
        amountCents: session.amount_total,
        reference: typeof intent === 'string' ? intent : (intent?.id ?? null),
      };
    },
    async refund(paymentIntent) {
      await stripe.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey: `refund-${paymentIntent}` });
    },
  };
}

/** The ways the specification lets a person pay; the test step offers each. */
export const paymentMethods = {
  card: 'Card',
  mobile_wallet: 'Mobile wallet',
  online_wallet: 'Online wallet',
  crypto: 'Crypto',
} as const;
