import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../errors.js';
import { query, type Json } from './sql.js';

/** Every purchasable product with its current price in USD cents, VAT excluded. */
export async function listProducts(em: EntityManager, siteId: number): Promise<Json> {
  const items = await query(
    em,
    `select key, name, description, price_cents, 'USD' as currency, false as includes_vat, needs_listing
     from product where site_id = ? and active order by position, key`,
    [siteId],
  );
  return { items };
}

/** The operator's price change; returns the previous price. */
export async function setProductPrice(em: EntityManager, siteId: number, key: string, priceCents: number): Promise<{ before: number; after: number }> {
  const [row] = await query<{ before: number; after: number }>(
    em,
    `update product p set price_cents = ? from product old
     where p.id = old.id and p.site_id = ? and p.key = ? returning old.price_cents as before, p.price_cents as after`,
    [priceCents, siteId, key],
  );
  if (!row) throw notFound(`Product ${key}`);
  return row;
}
