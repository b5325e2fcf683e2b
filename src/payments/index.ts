import Stripe from 'stripe';
import type { OrdersConfig } from '../config.js';
import { checkoutSessionExpiry } from '../domain/checkout-session.js';
import { AppError } from '../errors.js';

/** The order facts a provider needs to take a payment. */
export interface PaymentRequest {
  number: string;
  totalCents: number;
  email: string;
  /** Where the provider sends the person back, paid or not: the order's checkout page. */
  returnUrl: string;
  /** When the order expires: its payment page closes with it (checkoutSessionExpiry). */
  orderExpiresAt: Date;
}

/** A payment the provider confirmed in a verified notice. */
export interface ConfirmedPayment {
  kind: 'payment';
  eventId: string;
  number: string;
  amountCents: number;
  currency: string;
  reference: string | null;
}

/** Money of a payment taken back, in a verified notice: refunded, or disputed by the payer with their bank. */
export interface PaymentReversal {
  kind: 'refund' | 'dispute';
  eventId: string;
  /** The provider's id of the payment (a Stripe PaymentIntent), which the order keeps as its reference. */
  reference: string;
  amountCents: number;
  currency: string;
  /** Disputes: the payer's stated reason. */
  reason?: string;
}

export type ProviderNotice = ConfirmedPayment | PaymentReversal;

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
  /** Verifies a webhook's signature (400 when wrong); answers the payment, refund or dispute it reports, or null for other events. */
  verifiedNotice(rawBody: Buffer, signature: string | undefined): ProviderNotice | null;
  /** Refunds the payment in full (a retry within a day reuses the first refund); 503 when Stripe does not. */
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
      const expiresAt = Math.floor(checkoutSessionExpiry(request.orderExpiresAt, new Date()).getTime() / 1000);
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
            expires_at: expiresAt,
          },
          // One session per order, total and expiry: a double click or a retry reuses it.
          { idempotencyKey: `checkout-${request.number}-${request.totalCents}-${expiresAt}` },
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
    verifiedNotice(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', payments.webhookSecret);
      } catch {
        throw new AppError('invalid_input', 'The webhook signature is missing or wrong.');
      }
      return stripeNotice(event);
    },
    async refund(paymentIntent) {
      await stripe.refunds
        .create({ payment_intent: paymentIntent }, { idempotencyKey: `refund-${paymentIntent}` })
        .catch((error: Error) => {
          throw new AppError(
            'unavailable',
            `The payment provider could not refund ${paymentIntent} (${error.message}). Try again in a moment.`,
          );
        });
    },
  };
}

const idOf = (value: string | { id: string } | null): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/** What a verified Stripe event tells about an order's money; null for events that tell nothing. */
function stripeNotice(event: Stripe.Event): ProviderNotice | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const number = session.metadata?.order_number ?? session.client_reference_id;
      if (session.payment_status !== 'paid' || !number || session.amount_total === null || !session.currency) return null;
      return {
        kind: 'payment',
        eventId: event.id,
        number,
        amountCents: session.amount_total,
        currency: session.currency,
        reference: idOf(session.payment_intent),
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const reference = idOf(charge.payment_intent);
      if (!reference) return null;
      // What went back so far: a partial refund differs from the order's total and is refused as such.
      return { kind: 'refund', eventId: event.id, reference, amountCents: charge.amount_refunded, currency: charge.currency };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      const reference = idOf(dispute.payment_intent);
      if (!reference) return null;
      return {
        kind: 'dispute',
        eventId: event.id,
        reference,
        amountCents: dispute.amount,
        currency: dispute.currency,
        reason: dispute.reason,
      };
    }
    default:
      return null;
  }
}

/** The ways the specification lets a person pay; the test step offers each. */
export const paymentMethods = {
  card: 'Card',
  mobile_wallet: 'Mobile wallet',
  online_wallet: 'Online wallet',
  crypto: 'Crypto',
} as const;
