import type { EntityManager } from '@mikro-orm/postgresql';
import type { Products } from './schemas.js';
import { notFound } from '../errors.js';
import { query, sql } from '../platform/sql.js';

interface ProductRow {
  key: string;
  name: string;
  description: string;
  price_cents: number;
  currency: 'USD';
  includes_vat: false;
  needs_listing: boolean;
}

/** Every purchasable product with its current price in USD cents, VAT excluded. */
export async function listProducts(em: EntityManager, siteId: number): Promise<Products> {
  const items = await query(
    em,
    sql<ProductRow>`select key, name, description, price_cents, 'USD' as currency, false as includes_vat, needs_listing
     from product where site_id = ${siteId} and active order by position, key`,
  );
  return { items };
}

/** The operator's price change; returns the previous price. */
export async function setProductPrice(
  em: EntityManager,
  siteId: number,
  key: string,
  priceCents: number,
): Promise<{ before: number; after: number }> {
  const [row] = await query(
    em,
    sql<{ before: number; after: number }>`update product p set price_cents = ${priceCents} from product old
     where p.id = old.id and p.site_id = ${siteId} and p.key = ${key} returning old.price_cents as before, p.price_cents as after`,
  );
  if (!row) throw notFound(`Product ${key}`);
  return row;
}
