import { shareOfCents } from './money.js';
import { appliesTo, type PromoCode } from './promo.js';
import { ratePercent, type VatScheme, type VatTreatment } from './vat.js';

/** The products the service knows how to fulfil; each site's rows give their names and prices. */
export const productKeys = ['launch', 'extra-category', 'unlock-sections', 'billboard'] as const;
export type ProductKey = (typeof productKeys)[number];

/** What an item asks for, as validated: the options that shape its line. */
export interface LineOptions {
  week?: string | null;
  categories?: string[];
  amount_cents?: number;
}

/** One line before money: a product at its current price (or the billboard amount), times a quantity. */
export interface LineRequest {
  product: string;
  listingId: number | null;
  options: LineOptions;
  unitCents: number;
  quantity: number;
}

export interface PricedLine {
  product: string;
  listing_id: number | null;
  options: LineOptions;
  quantity: number;
  unit_cents: number;
  discount_cents: number;
  net_cents: number;
  vat_rate: number;
  vat_cents: number;
  total_cents: number;
}

export interface PricedOrder {
  currency: 'USD';
  lines: PricedLine[];
  subtotal_cents: number;
  discount_cents: number;
  net_cents: number;
  vat_cents: number;
  total_cents: number;
  vat: { scheme: VatScheme; rate: number; country: string };
  promo: { code: string; applied: boolean; discount_cents: number } | null;
}

/**
 * Prices lines: gross = unit x quantity; the promo comes off before VAT (percent: that share of
 * each line it applies to; fixed: the amount, taken from the lines it applies to in order, never
 * more than a line holds, so no line and no total goes below zero); VAT is the treatment's rate of
 * each line's net. Every figure is in whole cents, each line rounded on its own (see money.ts).
 */
export function priceOrder(requests: readonly LineRequest[], vat: VatTreatment, promo: PromoCode | null): PricedOrder {
  let fixedLeft = promo?.kind === 'fixed' ? promo.value : 0;
  const lines = requests.map((r): PricedLine => {
    const gross = r.unitCents * r.quantity;
    let discount = 0;
    if (promo && appliesTo(promo, r.product)) {
      if (promo.kind === 'percent') discount = Math.min(gross, shareOfCents(gross, promo.value));
      else {
        discount = Math.min(gross, fixedLeft);
        fixedLeft -= discount;
      }
    }
    const net = gross - discount;
    const vatCents = shareOfCents(net, vat.rateBp);
    return {
      product: r.product,
      listing_id: r.listingId,
      options: r.options,
      quantity: r.quantity,
      unit_cents: r.unitCents,
      discount_cents: discount,
      net_cents: net,
      vat_rate: ratePercent(vat.rateBp),
      vat_cents: vatCents,
      total_cents: net + vatCents,
    };
  });
  const sum = (pick: (l: PricedLine) => number) => lines.reduce((acc, l) => acc + pick(l), 0);
  const discount = sum((l) => l.discount_cents);
  return {
    currency: 'USD',
    lines,
    subtotal_cents: sum((l) => l.unit_cents * l.quantity),
    discount_cents: discount,
    net_cents: sum((l) => l.net_cents),
    vat_cents: sum((l) => l.vat_cents),
    total_cents: sum((l) => l.total_cents),
    vat: { scheme: vat.scheme, rate: ratePercent(vat.rateBp), country: vat.country },
    promo: promo ? { code: promo.code, applied: discount > 0, discount_cents: discount } : null,
  };
}
