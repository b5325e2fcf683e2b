import type { EntityManager } from '@mikro-orm/postgresql';
import type { Page } from '../domain/pagination.js';
import type { OrderStatus } from '../domain/order-status.js';
import type { OrderVat } from '../entities/order.js';
import { notFound } from '../errors.js';
import { readNewestFirst } from '../platform/paging.js';
import { query, sql, type Sql } from '../platform/sql.js';
import type { FulfilmentRef } from './lifecycle.js';
import type { OrderView } from './schemas.js';

/** An order as its lifecycle is started from it (number, owner, first listing), with its status. */
export interface OrderRef extends FulfilmentRef {
  status: OrderStatus;
}

/** The order (`o`) that `where` picks, as an `OrderRef`. */
export async function orderRef(em: EntityManager, where: Sql): Promise<OrderRef | undefined> {
  const [order] = await orderRefs(em, where, 1);
  return order;
}

/** The first `limit` orders (`o`) that `where` picks, by number, as `OrderRef`s. */
export async function orderRefs(em: EntityManager, where: Sql, limit: number): Promise<OrderRef[]> {
  const rows = await query(
    em,
    sql<{
      number: string;
      owner_id: number;
      listing_id: number | null;
      status: OrderStatus;
    }>`select o.number, o.owner_id, o.status,
       (select l.listing_id from order_line l where l.order_id = o.id and l.listing_id is not null
        order by l.position limit 1) as listing_id
     from orders o where ${where} order by o.number limit ${limit}`,
  );
  return rows.map((r) => ({ number: r.number, ownerId: r.owner_id, listingId: r.listing_id, status: r.status }));
}

interface OrderRow {
  number: string;
  status: OrderStatus;
  checkout_token: string;
  lines: OrderView['lines'];
  subtotal_cents: number;
  discount_cents: number;
  net_cents: number;
  vat_cents: number;
  total_cents: number;
  vat: OrderVat;
  promo: OrderView['promo'];
  invoice_number: string | null;
  created_at: string;
  expires_at: string;
  paid_at: string | null;
  fulfilled_at: string | null;
  refunded_at: string | null;
  disputed_at: string | null;
  test_mode: boolean;
}

const orderColumns = sql`o.number, o.status, o.checkout_token, o.subtotal_cents, o.discount_cents, o.net_cents, o.vat_cents,
  o.total_cents, o.vat, o.promo, o.invoice_number, iso_utc(o.created_at) as created_at, iso_utc(o.expires_at) as expires_at,
  iso_utc(o.paid_at) as paid_at, iso_utc(o.fulfilled_at) as fulfilled_at, iso_utc(o.refunded_at) as refunded_at,
  iso_utc(o.disputed_at) as disputed_at, o.test_mode,
  (select coalesce(json_agg(json_build_object('product', l.product_key, 'listing_id', l.listing_id, 'options', l.options,
     'quantity', l.quantity, 'unit_cents', l.unit_cents, 'discount_cents', l.discount_cents, 'net_cents', l.net_cents,
     'vat_rate', l.vat_rate, 'vat_cents', l.vat_cents, 'total_cents', l.total_cents, 'fulfilled', l.fulfilled_at is not null)
     order by l.position), '[]') from order_line l where l.order_id = o.id) as lines`;

/** The page where the person reviews and pays; only its holder can open it. */
export function checkoutUrl(publicUrl: string, number: string, token: string): string {
  return `${publicUrl}/checkout/${number}?t=${token}`;
}

function orderView(row: OrderRow, publicUrl: string): OrderView {
  const { checkout_token, ...order } = row;
  return {
    ...order,
    currency: 'USD',
    lines: row.lines.map((l) => ({ ...l, vat_rate: Number(l.vat_rate) })),
    checkout_url: row.status === 'pending' ? checkoutUrl(publicUrl, row.number, checkout_token) : null,
  };
}

/** One of the caller's orders; another owner's is 404 like a missing one. */
export async function getOwnedOrder(em: EntityManager, publicUrl: string, ownerId: number, number: string): Promise<OrderView> {
  const [row] = await query(
    em,
    sql<OrderRow>`select ${orderColumns} from orders o where o.number = ${number} and o.owner_id = ${ownerId}`,
  );
  if (!row) throw notFound(`Order ${number}`);
  return orderView(row, publicUrl);
}

/** The caller's orders, newest first. */
export function listOwnedOrders(
  em: EntityManager,
  publicUrl: string,
  ownerId: number,
  page: number,
  perPage: number,
): Promise<Page<OrderView>> {
  return readNewestFirst<OrderRow, OrderView>(
    (statement) => query(em, statement),
    { columns: orderColumns, from: sql`from orders o where o.owner_id = ${ownerId}`, order: sql`o.created_at desc, o.id desc` },
    page,
    perPage,
    // The window count is the page's, not the order's.
    ({ total: _count, ...row }) => orderView(row, publicUrl),
  );
}

/** An order by its number and checkout token (the checkout page), or 404 for a wrong or missing token. */
export async function orderForCheckout(
  em: EntityManager,
  publicUrl: string,
  number: string,
  token: string,
): Promise<
  OrderView & { owner_id: number; billing_country: string; billing_name: string | null; billing_address: string | null }
> {
  const [row] = await query(
    em,
    sql<
      OrderRow & { owner_id: number; billing_country: string; billing_name: string | null; billing_address: string | null }
    >`select ${orderColumns},
       o.owner_id, o.billing_country, o.billing_name, o.billing_address
     from orders o where o.number = ${number} and o.checkout_token = ${token}`,
  );
  if (!row) throw notFound(`Order ${number}`);
  const { owner_id, billing_country, billing_name, billing_address } = row;
  return { ...orderView(row, publicUrl), owner_id, billing_country, billing_name, billing_address };
}
