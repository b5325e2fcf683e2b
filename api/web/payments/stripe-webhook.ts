import Router from '@koa/router';
import type { Context } from 'koa';
import { AppError } from '../../../src/errors.js';
import { acceptProviderPayment } from '../../../src/orders/payment.js';
import { reversePayment } from '../../../src/orders/refund.js';
import { createPaymentProvider } from '../../../src/payments/index.js';
import type { AppDeps } from '../../deps.js';

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
 * /webhooks/stripe: Stripe's notices, signature verified (a wrong one is 400 and changes
 * nothing). A completed Checkout Session pays its order, or is refunded when the order cannot
 * take it; a refunded charge or a dispute takes the order back. Each event id is recorded with
 * what it changed, so a redelivered event is answered 200 and changes nothing twice; a refund or
 * dispute of another amount or currency than its order's is 409, logged, and changes nothing.
 * Exists only with PAYMENT_PROVIDER=stripe.
 */
export function stripeWebhookRouter(deps: AppDeps): Router {
  const router = new Router();
  const provider = createPaymentProvider(deps.config.orders);
  if (provider.kind !== 'stripe') return router;
  router.post('/webhooks/stripe', async (ctx) => {
    const notice = provider.verifiedNotice(await rawBody(ctx), ctx.get('stripe-signature') || undefined);
    if (!notice) {
      ctx.body = { received: true, outcome: 'ignored' };
      return;
    }
    const settling =
      notice.kind === 'payment'
        ? acceptProviderPayment(ctx.state.em, { ...deps, provider }, notice)
        : reversePayment(ctx.state.em, deps.mailer, deps.config, notice);
    const outcome = await settling.catch((error: unknown) => {
      // Stripe and this service disagree about an order's money: someone should look.
      if (error instanceof AppError && error.code === 'conflict') {
        ctx.state.log.warn({ event: notice.eventId, kind: notice.kind, reason: error.message }, 'stripe notice refused');
      }
      throw error;
    });
    ctx.state.log.info({ event: notice.eventId, kind: notice.kind, outcome }, 'stripe notice');
    ctx.body = { received: true, outcome };
  });
  return router;
}
