import type { EntityManager } from '@mikro-orm/postgresql';
import type { OrderStatus } from '../domain/order-status.js';
import { query, sql } from '../platform/sql.js';

export interface AdminOrderRow {
  number: string;
  status: OrderStatus;
  email: string;
  billing_country: string;
  products: string[];
  total_cents: number;
  vat_cents: number;
  promo_code: string | null;
  invoice_number: string | null;
  created_at: string;
  paid_at: string | null;
}

/** The site's orders for the site team, newest first; `status` narrows them. */
export function listSiteOrders(
  em: EntityManager,
  siteId: number,
  status: OrderStatus | undefined,
  limit: number,
): Promise<AdminOrderRow[]> {
  return query(
    em,
    sql<AdminOrderRow>`select o.number, o.status, u.email, o.billing_country, o.total_cents, o.vat_cents, o.promo_code, o.invoice_number,
       iso_utc(o.created_at) as created_at, iso_utc(o.paid_at) as paid_at,
       array(select l.product_key from order_line l where l.order_id = o.id order by l.position) as products
     from orders o join app_user u on u.id = o.owner_id
     where o.site_id = ${siteId} and (${status ?? null}::text is null or o.status = ${status ?? null})
     order by o.created_at desc, o.id desc limit ${limit}`,
  );
}
