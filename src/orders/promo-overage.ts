import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../logger.js';
import type { Mailer } from '../mail/index.js';
import { execute, query, sql } from '../platform/sql.js';

/** A payment already taken for an order whose promo code reached its limit meanwhile: honoured, and told. */
export interface PromoOverage {
  code: string;
  orderNumber: string;
  maxRedemptions: number;
  /** Orders over the limit with this code so far, this one included. */
  overages: number;
}

/** Who hears of an overage: the log always, the operator's mailbox when one is configured. */
export interface OverageNotice {
  log: Logger;
  mailer: Mailer;
  operatorEmail?: string;
}

/** Keeps the overage in the payment's transaction, so `promo list` shows it whatever happens next. */
export async function recordPromoOverage(tx: EntityManager, siteId: number, code: string, orderNumber: string): Promise<void> {
  await execute(
    tx,
    sql`insert into promo_code_overage (promo_code_id, order_number)
     select id, ${orderNumber} from promo_code where site_id = ${siteId} and code = ${code}`,
  );
}

/** The overage a paid order made, if it made one. */
export async function promoOverageOf(em: EntityManager, orderNumber: string): Promise<PromoOverage | null> {
  const [row] = await query(
    em,
    sql<PromoOverage>`select p.code, o.order_number as "orderNumber", p.max_redemptions as "maxRedemptions",
       (select count(*) from promo_code_overage a where a.promo_code_id = p.id and a.id <= o.id)::int as overages
     from promo_code_overage o join promo_code p on p.id = o.promo_code_id where o.order_number = ${orderNumber}`,
  );
  return row ?? null;
}

/** Tells the operator after the payment committed; a mail that fails is logged, the overage stays recorded. */
export async function reportPromoOverage(notice: OverageNotice, overage: PromoOverage): Promise<void> {
  const text =
    `Order ${overage.orderNumber} was paid with promo code "${overage.code}" after the code had reached its limit of ` +
    `${overage.maxRedemptions} redemptions. The payment was already taken, so the order is honoured. ` +
    `Orders over the limit with this code so far: ${overage.overages} (npm run cli -- promo list).`;
  notice.log.warn(
    { promoCode: overage.code, order: overage.orderNumber, maxRedemptions: overage.maxRedemptions, overages: overage.overages },
    'promo code used past its limit by a payment already taken',
  );
  if (!notice.operatorEmail) return;
  try {
    await notice.mailer.send({
      to: notice.operatorEmail,
      subject: `Promo code ${overage.code} used past its limit (order ${overage.orderNumber})`,
      text,
    });
  } catch (error) {
    notice.log.error({ err: error, order: overage.orderNumber }, 'could not mail the operator about a promo overage');
  }
}
