import { euStandardVatRates, isEuCountry } from './vat-rates.js';

export const vatSchemes = ['standard', 'reverse_charge', 'outside_scope'] as const;
export type VatScheme = (typeof vatSchemes)[number];

/**
 * What checking a well-formed VAT number found: VIES confirmed it or does not know it; VIES (or
 * the member state's register behind it) could not answer; or VIES is not configured and only the
 * format and check digit were checked.
 */
export const vatNumberChecks = ['confirmed', 'not_registered', 'unavailable', 'format_only'] as const;
export type VatNumberCheckResult = (typeof vatNumberChecks)[number];

export interface VatTreatment {
  scheme: VatScheme;
  /** Basis points: 1900 = 19 %. */
  rateBp: number;
  /** Whose rate applies: the buyer's country. */
  country: string;
  /** Why a VAT number the buyer gave did not bring reverse charge; null otherwise. */
  reason: string | null;
}

export interface VatBuyer {
  /** ISO 3166-1 alpha-2, capitals. */
  country: string;
  /** How the buyer's VAT number checked out; null when none was given. */
  vatNumber: VatNumberCheckResult | null;
}

const standardReasons: Record<VatNumberCheckResult, string> = {
  confirmed: 'VAT number confirmed by VIES, but the buyer is in the seller’s member state; standard VAT applies.',
  not_registered: 'VAT number not registered according to VIES; standard VAT applies.',
  unavailable: 'VAT number not confirmed by VIES (unavailable); standard VAT applies; a later quote may differ.',
  format_only:
    'VAT number not confirmed by VIES (only its format and check digit were checked); standard VAT applies; a later quote may differ.',
};

/**
 * Which VAT an order carries (docs/architecture.md, Orders): buyers outside the EU pay none; an EU business
 * whose VAT number of another member state than the seller's VIES confirmed pays none under
 * reverse charge; every other EU buyer (consumers, numbers VIES did not confirm, and businesses
 * in the seller's own state) pays the standard rate of the buyer's state, and is told why.
 */
export function vatTreatment(buyer: VatBuyer, sellerCountry: string): VatTreatment {
  if (!isEuCountry(buyer.country)) return { scheme: 'outside_scope', rateBp: 0, country: buyer.country, reason: null };
  if (buyer.vatNumber === 'confirmed' && buyer.country !== sellerCountry) {
    return { scheme: 'reverse_charge', rateBp: 0, country: buyer.country, reason: null };
  }
  return {
    scheme: 'standard',
    rateBp: euStandardVatRates[buyer.country],
    country: buyer.country,
    reason: buyer.vatNumber && standardReasons[buyer.vatNumber],
  };
}

/** 1900 -> 19, 2550 -> 25.5: the rate as people read it. */
export function ratePercent(rateBp: number): number {
  return rateBp / 100;
}
