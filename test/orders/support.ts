import { createPromoCode, type NewPromoCode } from '../../src/orders/promo-codes.js';
import type { TestApp } from '../support/app.js';
import { addCategory, sql } from '../catalogue/fixtures.js';
import { insertListing, ownerWithKey, type Owner } from '../listings/support.js';

export { sql };

/** A buyer with an API key and a listing of theirs in a primary category. */
export interface Shop {
  owner: Owner;
  listingId: number;
  categories: Record<string, number>;
}

export async function openShop(app: TestApp, email: string, slug: string): Promise<Shop> {
  const owner = await ownerWithKey(app, email);
  const categories: Record<string, number> = {};
  for (const c of ['primary', 'one', 'two', 'three', 'four']) {
    const [row] = await sql<{ id: number }>(app, 'select id from category where site_id = ? and slug = ?', [
      app.deps.site.id,
      `${c}-cat`,
    ]);
    categories[c] = row?.id ?? (await addCategory(app, `${c}-cat`, `${c} category`));
  }
  const listingId = await insertListing(app.deps.orm.em.fork(), app.deps.site.id, { slug, ownerId: owner.id });
  await sql(app, 'update listing set category_ids = ? where id = ?', [`{${categories.primary}}`, listingId]);
  return { owner, listingId, categories };
}

export async function addPromo(app: TestApp, promo: Partial<NewPromoCode> & { code: string }): Promise<void> {
  await createPromoCode(app.deps.orm.em.fork(), app.deps.site.id, {
    kind: 'percent',
    value: 1000,
    productKeys: [],
    startsAt: null,
    endsAt: null,
    maxRedemptions: null,
    ...promo,
  });
}

export async function productPrices(app: TestApp): Promise<Record<string, number>> {
  const rows = await sql<{ key: string; price_cents: number }>(app, 'select key, price_cents from product');
  return Object.fromEntries(rows.map((r) => [r.key, r.price_cents]));
}
