import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import { isCountryCode } from '../domain/countries.js';
import type { ListingPlan, ListingStatus } from '../domain/listing-status.js';
import { priceOrder, type LineRequest } from '../domain/pricing.js';
import { promoRefusal, type PromoCode } from '../domain/promo.js';
import { vatTreatment } from '../domain/vat.js';
import { isEuCountry } from '../domain/vat-rates.js';
import { parseVatNumber } from '../domain/vat-number.js';
import { isoDate, mondayOf, parseIsoDate } from '../domain/weeks.js';
import type { OrderVat } from '../entities/order.js';
import { AppError, notFound } from '../errors.js';
import { query, sql } from '../platform/sql.js';
import { weekHasSlot } from '../publishing/slots.js';
import { createVatNumberChecker, type VatNumberCheck, type VatNumberChecker } from '../vat/index.js';
import { assertPromoTriesLeft, findPromoCode, promoCodeRefused, recordPromoMiss } from './promo-codes.js';
import type { OrderBody, OrderItem, Quote } from './schemas.js';
import { listingClaimant, refuseSecondPublicListing } from '../listings/one-per-domain.js';

/** Who orders, on which site, under which rules. */
export interface Buyer {
  siteId: number;
  ownerId: number;
  config: Pick<Config, 'orders' | 'launches' | 'publicUrl'>;
  vatChecker: VatNumberChecker;
}

/** A quote and what an order keeps beside it. */
export interface PricedBody {
  quote: Quote;
  promo: (PromoCode & { id: number }) | null;
}

interface ProductRow {
  key: string;
  price_cents: number;
}

interface ListingRow {
  id: number;
  owner_id: number | null;
  status: ListingStatus;
  plan: ListingPlan;
  category_ids: number[];
  unlocked_sections: string[];
  domain: string | null;
}

/** A refusal naming the field the way request validation names it (`body.items.0.week`). */
const invalid = (path: string, message: string) => new AppError('invalid_input', message, [{ path: `body.${path}`, message }]);

/**
 * Prices an order body at the current prices: validates every item and option (the listing is
 * the caller's, a week from this week on with a paid slot, categories that exist and fit, the
 * billboard minimum), works out VAT from the billing country and VAT number, and applies the
 * promo code (a refused code is counted against the caller and answered 400 with its reason).
 * Saves nothing but a refused code's count.
 */
export async function priceOrderBody(em: EntityManager, buyer: Buyer, body: OrderBody, now = new Date()): Promise<PricedBody> {
  if (!isCountryCode(body.billing_country)) {
    throw invalid('billing_country', `${body.billing_country} is not an ISO 3166-1 alpha-2 country code.`);
  }
  const requests = await lineRequests(em, buyer, body.items, now);
  const vat = await vatOf(buyer, body);
  const promo = body.promo_code ? await usablePromo(em, buyer, body.promo_code, requests, now) : null;
  const priced = priceOrder(requests, vat.treatment, promo);
  return { quote: { ...priced, vat: { ...priced.vat, ...vat.number } }, promo };
}

async function lineRequests(em: EntityManager, buyer: Buyer, items: readonly OrderItem[], now: Date): Promise<LineRequest[]> {
  const products = new Map(
    (await query(em, sql<ProductRow>`select key, price_cents from product where site_id = ${buyer.siteId} and active`)).map(
      (p) => [p.key, p],
    ),
  );
  const listingIds = [...new Set(items.map((i) => i.listing_id))];
  const listings = new Map(
    (
      await query(
        em,
        sql<ListingRow>`select id, owner_id, status, plan, category_ids, unlocked_sections, domain from listing
         where site_id = ${buyer.siteId} and id = any(${sql.array(listingIds, 'int')})`,
      )
    ).map((l) => [l.id, l]),
  );
  const slugs = [...new Set(items.flatMap((i) => i.categories ?? []))];
  const categories = new Map(
    (
      await query(
        em,
        sql<{
          id: number;
          slug: string;
        }>`select id, slug from category where site_id = ${buyer.siteId} and slug = any(${sql.array(slugs, 'text')})`,
      )
    ).map((c) => [c.slug, c.id]),
  );
  const addedCategories = new Map<number, Set<number>>();
  const once = new Set<string>();

  const requests: LineRequest[] = [];
  for (const [index, item] of items.entries()) {
    const at = `items.${index}`;
    const product = products.get(item.product);
    if (!product) throw invalid(`${at}.product`, `No product "${item.product}": see list_products for what can be bought.`);
    const listing = listings.get(item.listing_id);
    if (!listing || listing.owner_id !== buyer.ownerId) throw notFound(`Listing ${item.listing_id}`);
    const key = `${item.product}:${item.listing_id}`;
    if (item.product !== 'billboard' && item.product !== 'extra-category' && once.has(key)) {
      throw invalid(at, `${item.product} is in the order twice for the same listing.`);
    }
    once.add(key);

    const request: LineRequest = {
      product: item.product,
      listingId: item.listing_id,
      options: {},
      unitCents: product.price_cents,
      quantity: 1,
    };
    if (item.product === 'launch') {
      if (listing.plan === 'paid') throw new AppError('conflict', `Listing ${listing.id} already has a paid launch.`);
      if (!['draft', 'awaiting_badge', 'scheduled'].includes(listing.status)) {
        throw new AppError(
          'conflict',
          `Listing ${listing.id} is ${listing.status}: only an unpublished listing can be launched.`,
        );
      }
      // A launch that go-live would refuse is never sold.
      const claimant = listingClaimant({ id: listing.id, siteId: buyer.siteId, domain: listing.domain });
      await refuseSecondPublicListing(em, buyer.config.publicUrl, claimant, `${at}.listing_id`);
      request.options.week = item.week ? await launchWeek(em, buyer, listing.id, item.week, `${at}.week`, now) : null;
    }
    if (
      item.product === 'unlock-sections' &&
      ['story', 'milestones', 'media'].every((s) => listing.unlocked_sections.includes(s))
    ) {
      throw new AppError('conflict', `Listing ${listing.id} has every section unlocked already.`);
    }
    if (item.categories) {
      request.options.categories = extraCategories(listing, item.categories, categories, addedCategories, `${at}.categories`);
      if (item.product === 'extra-category') request.quantity = item.categories.length;
    }
    if (item.product === 'billboard') {
      const amount = item.amount_cents ?? product.price_cents;
      if (amount < product.price_cents) {
        throw invalid(
          `${at}.amount_cents`,
          `The billboard takes at least ${product.price_cents} cents (its price is the minimum).`,
        );
      }
      request.unitCents = amount;
      request.options.amount_cents = amount;
    }
    requests.push(request);
  }
  return requests;
}

/** The Monday of the chosen week: from this week on, with a paid slot left. */
async function launchWeek(
  em: EntityManager,
  buyer: Buyer,
  listingId: number,
  text: string,
  path: string,
  now: Date,
): Promise<string> {
  const date = parseIsoDate(text);
  if (!date) throw invalid(path, 'week must be a date, YYYY-MM-DD.');
  const monday = mondayOf(date);
  if (monday < mondayOf(now)) throw invalid(path, `The week of ${isoDate(monday)} is over: choose this week or a later one.`);
  const week = isoDate(monday);
  if (!(await weekHasSlot(em, buyer.siteId, 'paid', week, buyer.config.launches.paidSlotsPerWeek, listingId))) {
    throw invalid(path, `The week of ${week} has no paid launch slot left: choose another week.`);
  }
  return week;
}

/** The slugs to add, checked: they exist, are not the primary or held already, and keep the listing at 3 extra at most. */
function extraCategories(
  listing: ListingRow,
  slugs: string[],
  known: Map<string, number>,
  added: Map<number, Set<number>>,
  path: string,
): string[] {
  const adding = added.get(listing.id) ?? new Set<number>();
  added.set(listing.id, adding);
  for (const slug of slugs) {
    const id = known.get(slug);
    if (id === undefined) throw invalid(path, `No category "${slug}": see list_categories.`);
    if (listing.category_ids[0] === id) throw invalid(path, `${slug} is the listing's primary category.`);
    if (listing.category_ids.includes(id) || adding.has(id))
      throw invalid(path, `The listing is in ${slug} already (or it is asked twice).`);
    adding.add(id);
  }
  const extra = Math.max(0, listing.category_ids.length - 1) + adding.size;
  if (extra > 3) throw invalid(path, `A listing holds at most 3 categories beyond its primary; this would make ${extra}.`);
  return slugs;
}

/**
 * The VAT of the order and what the buyer's VAT number check found: only a number VIES confirmed
 * brings reverse charge; any other answer, or none, is standard VAT with the reason.
 */
async function vatOf(buyer: Buyer, body: OrderBody) {
  const country = body.billing_country;
  let number: VatNumber = {
    vat_number: body.vat_number ?? null,
    vat_number_valid: null,
    validated: null,
    vies_result: null,
    checked_at: null,
  };
  if (body.vat_number && isEuCountry(country)) {
    const parsed = parseVatNumber(country, body.vat_number);
    if (!parsed.ok) throw invalid('vat_number', parsed.reason);
    number = vatNumberRecord(parsed.number.normalized, await buyer.vatChecker.check(parsed.number));
  }
  const treatment = vatTreatment({ country, vatNumber: number.vies_result }, buyer.config.orders.seller.country);
  return { treatment, number: { ...number, reason: treatment.reason } };
}

type VatNumber = Pick<OrderVat, 'vat_number' | 'vat_number_valid' | 'validated' | 'vies_result' | 'checked_at'>;

/** The check as quotes and orders keep it: `validated` and `vat_number_valid` say what VIES itself answered. */
function vatNumberRecord(normalized: string, check: VatNumberCheck): VatNumber {
  const byVies = check.result === 'confirmed' || check.result === 'not_registered';
  return {
    vat_number: normalized,
    vat_number_valid: byVies ? check.result === 'confirmed' : null,
    validated: byVies ? 'vies' : 'format',
    vies_result: check.result,
    checked_at: check.checkedAt.toISOString().replace(/\.\d+Z$/, 'Z'),
  };
}

async function usablePromo(
  em: EntityManager,
  buyer: Buyer,
  code: string,
  requests: LineRequest[],
  now: Date,
): Promise<PromoCode & { id: number }> {
  const caller = `user:${buyer.ownerId}`;
  await assertPromoTriesLeft(em, caller);
  const promo = await findPromoCode(em, buyer.siteId, code);
  const reason = promoRefusal(
    promo,
    requests.map((r) => r.product),
    now,
  );
  if (!reason) return promo!;
  await recordPromoMiss(em, caller);
  throw promoCodeRefused(reason, code, promo);
}

/** The buyer for a caller of this site, under the configured rules and VAT number check. */
export function buyerFor(config: Buyer['config'], siteId: number, ownerId: number): Buyer {
  return { siteId, ownerId, config, vatChecker: createVatNumberChecker(config.orders) };
}
