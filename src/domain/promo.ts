/**
 * Promo codes: percent or fixed amount off the price before VAT, optionally only for some
 * products, within a validity window, up to a number of redemptions. Pure: the caller loads the
 * code and asks here whether it can be used and what it takes off.
 */
export const promoKinds = ['percent', 'fixed'] as const;
export type PromoKind = (typeof promoKinds)[number];

export const promoRefusals = ['unknown', 'expired', 'not_yet_valid', 'used_up', 'not_for_these_products'] as const;
export type PromoRefusal = (typeof promoRefusals)[number];

export interface PromoCode {
  code: string;
  kind: PromoKind;
  /** percent: basis points off (2500 = 25 %); fixed: USD cents off the whole order. */
  value: number;
  /** Empty: every product. */
  productKeys: readonly string[];
  startsAt: Date | null;
  endsAt: Date | null;
  maxRedemptions: number | null;
  redemptions: number;
  active: boolean;
}

const refusalText: Record<PromoRefusal, string> = {
  unknown: 'No promo code is spelled exactly like that (codes are case-sensitive).',
  expired: 'The promo code is no longer valid.',
  not_yet_valid: 'The promo code is not valid yet.',
  used_up: 'The promo code has been used as many times as it allows.',
  not_for_these_products: 'The promo code does not apply to any product in this order.',
};

/** The refusal as people and programs read it: the reason's stable word, then what it means. */
export function promoRefusalText(reason: PromoRefusal, code: string, promo?: PromoCode | null): string {
  const scope = reason === 'not_for_these_products' && promo ? ` It applies to: ${promo.productKeys.join(', ')}.` : '';
  const from = reason === 'not_yet_valid' && promo?.startsAt ? ` It starts on ${promo.startsAt.toISOString()}.` : '';
  return `Promo code "${code}" refused (${reason}): ${refusalText[reason]}${scope}${from}`;
}

/** Why the code cannot be used for an order of these products now, or null when it can. */
export function promoRefusal(promo: PromoCode | null, products: readonly string[], now: Date): PromoRefusal | null {
  if (!promo) return 'unknown';
  if (!promo.active || (promo.endsAt && now >= promo.endsAt)) return 'expired';
  if (promo.startsAt && now < promo.startsAt) return 'not_yet_valid';
  if (promo.maxRedemptions !== null && promo.redemptions >= promo.maxRedemptions) return 'used_up';
  if (!products.some((p) => appliesTo(promo, p))) return 'not_for_these_products';
  return null;
}

export function appliesTo(promo: Pick<PromoCode, 'productKeys'>, product: string): boolean {
  return promo.productKeys.length === 0 || promo.productKeys.includes(product);
}
