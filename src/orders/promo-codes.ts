import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../errors.js';
import { promoRefusalText, type PromoCode, type PromoKind, type PromoRefusal } from '../domain/promo.js';
import { PromoCodeRecord } from '../entities/promo-code.js';
import { execute, query, sql } from '../platform/sql.js';

/** Wrong promo codes a caller may send per window before 429 (docs/architecture.md, Orders). */
export const promoMissLimit = 5;
const windowMinutes = 15;

/** The code spelled exactly like `code` (case-sensitive), or null. */
export async function findPromoCode(
  em: EntityManager,
  siteId: number,
  code: string,
): Promise<(PromoCode & { id: number }) | null> {
  const [row] = await query(
    em,
    sql<PromoCode & { id: number }>`select id, code, kind, value, product_keys as "productKeys", starts_at as "startsAt",
       ends_at as "endsAt", max_redemptions as "maxRedemptions", redemptions, active
     from promo_code where site_id = ${siteId} and code = ${code}`,
  );
  return row ? { ...row, startsAt: row.startsAt && new Date(row.startsAt), endsAt: row.endsAt && new Date(row.endsAt) } : null;
}

/** 400 promo_code_refused with the reason in `detail` and in `errors` (docs/architecture.md, Orders). */
export function promoCodeRefused(reason: PromoRefusal, code: string, promo?: PromoCode | null): AppError {
  const text = promoRefusalText(reason, code, promo);
  return new AppError('promo_code_refused', text, [{ path: 'body.promo_code', message: `${reason}: ${text}` }]);
}

/**
 * Counts one use of the code, in the caller's transaction, unless the code is at its limit: one
 * conditional update, so of two payments racing for the last use exactly one gets it. False: used up.
 */
export async function redeemPromoCode(em: EntityManager, siteId: number, code: string): Promise<boolean> {
  const counted = await execute(
    em,
    sql`update promo_code set redemptions = redemptions + 1
     where site_id = ${siteId} and code = ${code} and (max_redemptions is null or redemptions < max_redemptions)`,
  );
  return counted === 1;
}

/** 429 once the caller sent `promoMissLimit` refused codes within the window; Retry-After says when one drops out. */
export async function assertPromoTriesLeft(em: EntityManager, caller: string): Promise<void> {
  const [row] = await query(
    em,
    sql<{ n: number; wait: number | null }>`select count(*)::int as n,
       ceil(extract(epoch from min(missed_at) + make_interval(mins => ${windowMinutes}) - now()))::int as wait
     from promo_code_miss where caller = ${caller} and missed_at > now() - make_interval(mins => ${windowMinutes})`,
  );
  if (row.n >= promoMissLimit) {
    throw new AppError(
      'rate_limited',
      `${promoMissLimit} promo codes were refused for you in the last ${windowMinutes} minutes. Try again later.`,
      [],
      { retryAfterSeconds: Math.max(1, row.wait ?? 1) },
    );
  }
}

/** Counts one refused code for the caller (and forgets the caller's tries older than the window). */
export async function recordPromoMiss(em: EntityManager, caller: string): Promise<void> {
  await execute(
    em,
    sql`with old as (delete from promo_code_miss where caller = ${caller} and missed_at <= now() - make_interval(mins => ${windowMinutes}))
     insert into promo_code_miss (caller) values (${caller})`,
  );
}

export interface NewPromoCode {
  code: string;
  kind: PromoKind;
  value: number;
  productKeys: string[];
  startsAt: Date | null;
  endsAt: Date | null;
  maxRedemptions: number | null;
}

/** The site team's new code; a code already taken is a 409. */
export async function createPromoCode(em: EntityManager, siteId: number, code: NewPromoCode): Promise<void> {
  const [taken] = await query(em, sql`select 1 from promo_code where site_id = ${siteId} and code = ${code.code}`);
  if (taken) throw new AppError('conflict', `A promo code "${code.code}" exists already.`);
  const [unknown] = await query(
    em,
    sql<{ key: string }>`select k as key from unnest(${sql.array(code.productKeys, 'text')}) k
     where not exists (select 1 from product p where p.site_id = ${siteId} and p.key = k)`,
  );
  if (unknown) throw new AppError('invalid_input', `No product "${unknown.key}" (see list_products).`);
  em.create(PromoCodeRecord, { siteId, ...code, redemptions: 0, active: true });
  await em.flush();
}

export interface PromoCodeRow {
  code: string;
  kind: PromoKind;
  value: number;
  product_keys: string[];
  starts_at: string | null;
  ends_at: string | null;
  max_redemptions: number | null;
  redemptions: number;
  active: boolean;
  /** Orders paid with the code after it reached its limit (see promo-overage.ts), oldest first. */
  overage_orders: string[];
}

export function listPromoCodes(em: EntityManager, siteId: number): Promise<PromoCodeRow[]> {
  return query(
    em,
    sql<PromoCodeRow>`select code, kind, value, product_keys, iso_utc(starts_at) as starts_at, iso_utc(ends_at) as ends_at,
       max_redemptions, redemptions, active,
       array(select o.order_number from promo_code_overage o where o.promo_code_id = promo_code.id order by o.id) as overage_orders
     from promo_code where site_id = ${siteId} order by created_at desc, id desc`,
  );
}

/** Withdraws a code: from now on it is refused as no longer valid. */
export async function disablePromoCode(em: EntityManager, siteId: number, code: string): Promise<void> {
  const changed = await execute(em, sql`update promo_code set active = false where site_id = ${siteId} and code = ${code}`);
  if (!changed) throw new AppError('not_found', `Promo code "${code}" was not found.`);
}
