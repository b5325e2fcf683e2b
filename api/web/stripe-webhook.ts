import Router from '@koa/router';
import type { Context } from 'koa';
import { AppError } from '../../src/errors.js';
import { acceptPayment, providerPayment } from '../../src/orders/payment.js';
import { createPaymentProvider } from '../../src/payments/index.js';
import type { AppDeps } from '../deps.js';

const maxBody = 256 * 1024;

/** The exact bytes Stripe signed: the signature covers the raw body, so it is read before any parsing. */
async function rawBody(ctx: Context): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBody) throw new AppError('payload_too_large', 'The webhook body is too large.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * /webhooks/stripe: a payment confirmed by Stripe, signature verified (a wrong one is 400 and
 * changes nothing). The event id is recorded with the payment, so a redelivered event is
 * answered 200 and fulfils nothing twice. Exists only with PAYMENT_PROVIDER=stripe.
 */
export function stripeWebhookRouter(deps: AppDeps): Router {
  const router = new Router();
  const provider = createPaymentProvider(deps.config.orders);
  if (provider.kind !== 'stripe') return router;
  router.post('/webhooks/stripe', async (ctx) => {
    const payment = provider.confirmedPayment(await rawBody(ctx), ctx.get('stripe-signature') || undefined);
    const outcome = payment ? await acceptPayment(ctx.state.em, deps, providerPayment(payment)) : 'ignored';
    ctx.body = { received: true, outcome };
  });
  return router;
}
