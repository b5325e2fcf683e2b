import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import { paidSections, type PaidSection } from '../domain/catalogue-terms.js';
import { moveOrder, type OrderStatus } from '../domain/order-status.js';
import { isoDate } from '../domain/weeks.js';
import { Listing } from '../entities/listing.js';
import { Order, type OrderEntity } from '../entities/order.js';
import type { OrderLineEntity } from '../entities/order-line.js';
import { AppError, notFound } from '../errors.js';
import { listingUnitOfWork } from '../listings/unit-of-work.js';
import { stableMessageId, type Mailer } from '../mail/index.js';
import { execute, query, sql } from '../platform/sql.js';
import { receiptMail } from './invoice.js';

async function lockedOrder(tx: EntityManager, number: string): Promise<OrderEntity> {
  const order = await tx.findOne(Order, { number }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!order) throw notFound(`Order ${number}`);
  return order;
}

/** Expires a pending order whose time ran out; answers the status the order is in afterwards. */
export async function expireOrder(em: EntityManager, number: string): Promise<OrderStatus> {
  return em.transactional(
    async (tx) => {
      const order = await lockedOrder(tx, number);
      const move = moveOrder(order.status, 'expire');
      if (move.ok) Object.assign(order, { status: move.status, updatedAt: new Date() });
      return order.status;
    },
    { clear: true },
  );
}

/** The order's status as recorded: what a lifecycle told "paid" checks before it delivers anything. */
export async function orderStatus(em: EntityManager, number: string): Promise<OrderStatus> {
  const [order] = await query(em, sql<{ status: OrderStatus }>`select status from orders where number = ${number}`);
  if (!order) throw notFound(`Order ${number}`);
  return order.status;
}

/** Positions of the lines still to fulfil, in order. */
export async function unfulfilledOrderLines(em: EntityManager, number: string): Promise<number[]> {
  const rows = await query(
    em,
    sql<{ position: number }>`select l.position from order_line l join orders o on o.id = l.order_id
     where o.number = ${number} and l.fulfilled_at is null order by l.position`,
  );
  return rows.map((r) => r.position);
}

/** What a launch line asks of the publishing lifecycle once its listing is prepared. */
export interface PaidLaunchRequest {
  listingId: number;
  ownerId: number;
  week: string | null;
}

/**
 * Delivers one line of a paid order and marks it fulfilled in the same transaction, so whatever
 * crashes and retries, the line is delivered once: unlock-sections unlocks the paid sections,
 * extra-category adds its categories, billboard records the contribution. A launch line unlocks
 * the sections and adds its categories (both safe to repeat), then starts or upgrades the
 * listing's paid launch (safe to repeat too), then is marked. Answers false when the order is no
 * longer paid (refunded meanwhile): nothing more to deliver.
 */
export async function fulfilOrderLine(
  em: EntityManager,
  number: string,
  position: number,
  startPaidLaunch: (launch: PaidLaunchRequest) => Promise<void>,
): Promise<boolean> {
  const pending = await em.fork().findOne(Order, { number }, { populate: ['lines'] });
  if (!pending) throw notFound(`Order ${number}`);
  const line = pending.lines.getItems().find((l) => l.position === position);
  if (!line) throw notFound(`Line ${position} of order ${number}`);
  if (pending.status !== 'paid') return false;
  if (line.fulfilledAt) return true;
  const launch = line.productKey === 'launch' && line.listingId !== null && line.listingId !== undefined;
  if (launch) {
    await listingUnitOfWork(em, (tx) => deliver(tx, pending, line));
    await startPaidLaunch({ listingId: line.listingId!, ownerId: pending.ownerId, week: line.options.week ?? null });
  }
  return listingUnitOfWork(em, async (tx) => {
    const order = await lockedOrder(tx, number);
    if (order.status !== 'paid') return false;
    const current = (await order.lines.load({ where: { position } })).getItems()[0];
    if (current.fulfilledAt) return true;
    if (!launch) await deliver(tx, order, current);
    current.fulfilledAt = new Date();
    return true;
  });
}

async function deliver(tx: EntityManager, order: Pick<OrderEntity, 'number' | 'siteId'>, line: OrderLineEntity): Promise<void> {
  if (line.productKey === 'billboard') {
    await execute(
      tx,
      sql`insert into billboard_contribution (listing_id, amount_cents, order_number) values (${line.listingId}, ${line.netCents + line.discountCents}, ${order.number})`,
    );
    return;
  }
  // Held until commit: a launch lifecycle writing the listing meanwhile waits instead of making this write conflict.
  const listing = line.listingId
    ? await tx.findOne(Listing, { id: line.listingId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
    : null;
  if (!listing) return;
  if (line.productKey === 'launch' || line.productKey === 'unlock-sections') {
    listing.unlockedSections = [...new Set<PaidSection>([...listing.unlockedSections, ...paidSections])];
  }
  const slugs = line.options.categories ?? [];
  if (slugs.length) {
    const rows = await query(
      tx,
      sql<{
        id: number;
      }>`select id from category where site_id = ${order.siteId} and slug = any(${sql.array(slugs, 'text')}) order by array_position(${sql.array(slugs, 'text')}, slug::text)`,
    );
    listing.categoryIds = [...new Set([...listing.categoryIds, ...rows.map((r) => r.id)])];
  }
  listing.updatedAt = new Date();
}

/**
 * Completes a paid order whose lines are all fulfilled: fulfilled with the next invoice number,
 * committed, then its receipt mailed (mailReceipt), by this call or, after a crash, by the retry.
 * Answers the order's status afterwards (a refunded order stays refunded).
 */
export async function completeOrder(em: EntityManager, mailer: Mailer, config: Config, number: string): Promise<OrderStatus> {
  const status = await fulfilOrder(em, number);
  await mailReceipt(em, mailer, config, number);
  return status;
}

async function fulfilOrder(em: EntityManager, number: string): Promise<OrderStatus> {
  return em.transactional(
    async (tx) => {
      const order = await lockedOrder(tx, number);
      await order.lines.init();
      const move = moveOrder(order.status, 'fulfil');
      if (!move.ok) return order.status;
      if (order.lines.getItems().some((l) => !l.fulfilledAt)) {
        throw new AppError('conflict', `Order ${number} has lines not fulfilled yet.`);
      }
      // Test orders number their invoices apart, so the real sequence has no gaps.
      const next = order.testMode
        ? sql`'TEST-INV-', nextval('test_invoice_number_seq')`
        : sql`'INV-', nextval('invoice_number_seq')`;
      const [{ invoice }] = await query(
        tx,
        sql<{
          invoice: string;
        }>`select concat_ws('', prefix, extract(year from now())::int, '-', lpad(seq::text, 6, '0')) as invoice
         from (select ${next}) as n(prefix, seq)`,
      );
      const now = new Date();
      Object.assign(order, { status: move.status, fulfilledAt: now, invoiceNumber: invoice, updatedAt: now });
      return move.status;
    },
    { clear: true },
  );
}

/**
 * Mails a fulfilled order's receipt unless it was mailed, and records it in the transaction it is
 * sent in: with the outbox both commit together, once. SMTP cannot join the transaction: a worker
 * killed after the server accepted the receipt and before the commit mails it again on retry, the
 * same message (invoice number and date committed before, one Message-ID per order), as follower
 * mails are (docs/operations.md, "Mail").
 */
async function mailReceipt(em: EntityManager, mailer: Mailer, config: Config, number: string): Promise<void> {
  await em.transactional(
    async (tx) => {
      const order = await lockedOrder(tx, number);
      if (!order.invoiceNumber || !order.fulfilledAt || order.receiptMailedAt) return;
      await order.lines.init();
      const facts = await invoiceFacts(tx, order, order.invoiceNumber, order.fulfilledAt);
      // The buyer is the owner, whose address the invoice already read ('' once the account is gone).
      if (facts.buyer.email)
        await mailer.send(
          {
            to: facts.buyer.email,
            ...receiptMail(config.orders.seller, facts),
            messageId: stableMessageId(config.publicUrl, `receipt-${order.number}`),
          },
          { within: tx },
        );
      order.receiptMailedAt = new Date();
    },
    { clear: true },
  );
}

async function invoiceFacts(tx: EntityManager, order: OrderEntity, invoiceNumber: string, issued: Date) {
  const names = new Map(
    (
      await query(
        tx,
        sql<{
          id: number;
          name: string;
        }>`select id, name from listing where id = any(${sql.array(
          order.lines.getItems().map((l) => l.listingId ?? 0),
          'int',
        )})`,
      )
    ).map((r) => [r.id, r.name]),
  );
  const [owner] = await query(tx, sql<{ email: string }>`select email from app_user where id = ${order.ownerId}`);
  return {
    invoiceNumber,
    orderNumber: order.number,
    testMode: order.testMode,
    issuedOn: isoDate(issued),
    buyer: {
      email: owner?.email ?? '',
      name: order.billingName ?? null,
      address: order.billingAddress ?? null,
      country: order.billingCountry,
      vatNumber: order.vat.vat_number_valid ? order.vat.vat_number : null,
    },
    vat: { scheme: order.vat.scheme, rate: order.vat.rate, reason: order.vat.reason },
    vatNumberCheck:
      order.vat.vat_number && order.vat.vies_result
        ? { number: order.vat.vat_number, result: order.vat.vies_result, checkedAt: order.vat.checked_at }
        : null,
    lines: order.lines.getItems().map((l) => ({
      product: l.productKey,
      listing: l.listingId ? (names.get(l.listingId) ?? null) : null,
      quantity: l.quantity,
      unit_cents: l.unitCents,
      discount_cents: l.discountCents,
      net_cents: l.netCents,
      vat_rate: l.vatRate,
      vat_cents: l.vatCents,
      total_cents: l.totalCents,
    })),
    totals: {
      net_cents: order.netCents,
      vat_cents: order.vatCents,
      total_cents: order.totalCents,
      discount_cents: order.discountCents,
    },
  };
}
