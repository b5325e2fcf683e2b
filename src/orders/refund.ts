import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { dollars } from '../domain/money.js';
import { moveOrder } from '../domain/order-status.js';
import { Order } from '../entities/order.js';
import { AppError, notFound } from '../errors.js';
import type { Mailer } from '../mail/index.js';
import type { PaymentProvider } from '../payments/index.js';
import { execute, query, sql } from '../platform/sql.js';

/**
 * Refunds a paid or fulfilled order (the site team, `npm run cli -- order refund <number>`): the
 * provider returns the money (Stripe; the test provider took none), the order becomes refunded,
 * its billboard contribution leaves the ranking, and the owner is mailed, all but the provider's
 * refund in one transaction.
 */
export async function refundOrder(
  em: EntityManager,
  mailer: Mailer,
  provider: PaymentProvider,
  siteName: string,
  number: string,
): Promise<{ totalCents: number; email: string }> {
  const current = await em.fork().findOne(Order, { number });
  if (!current) throw notFound(`Order ${number}`);
  const check = moveOrder(current.status, 'refund');
  if (!check.ok) throw new AppError('conflict', check.reason);
  if (current.provider === 'stripe') {
    if (provider.kind !== 'stripe' || !current.providerReference) {
      throw new AppError(
        'conflict',
        `Order ${number} was paid through Stripe: refund it with PAYMENT_PROVIDER=stripe configured.`,
      );
    }
    await provider.refund(current.providerReference);
  }
  return em.transactional(
    async (tx) => {
      const order = await tx.findOne(Order, { number }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const move = moveOrder(order!.status, 'refund');
      if (!move.ok) throw new AppError('conflict', move.reason);
      const now = new Date();
      Object.assign(order!, { status: move.status, refundedAt: now, updatedAt: now });
      await execute(tx, sql`delete from billboard_contribution where order_number = ${number}`);
      const [owner] = await query(tx, sql<{ email: string }>`select email from app_user where id = ${order!.ownerId}`);
      const amount = dollars(order!.totalCents);
      await mailer.send(
        {
          to: owner.email,
          subject: `Order ${number} refunded`,
          text: `Your order ${number} on ${siteName} was refunded: ${amount} USD goes back to how you paid. A billboard contribution of the order no longer counts in the ranking.`,
        },
        { within: tx },
      );
      return { totalCents: order!.totalCents, email: owner.email };
    },
    { clear: true },
  );
}
