import { euStandardVatRates, isEuCountry } from './vat-rates.js';

export const vatSchemes = ['standard', 'reverse_charge', 'outside_scope'] as const;
export type VatScheme = (typeof vatSchemes)[number];

export interface VatTreatment {
  scheme: VatScheme;
  /** Basis points: 1900 = 19 %. */
  rateBp: number;
  /** Whose rate applies: the buyer's country. */
  country: string;
}

export interface VatBuyer {
  /** ISO 3166-1 alpha-2, capitals. */
  country: string;
  /** True when the buyer gave a VAT number that was found valid (by VIES, or by format where VIES is not used). */
  validVatNumber: boolean;
}

/**
 * Which VAT an order carries (DESIGN, Orders): buyers outside the EU pay none; an EU business
 * with a valid VAT number of another member state than the seller's pays none under reverse
 * charge; every other EU buyer (consumers, and businesses in the seller's own state) pays the
 * standard rate of the buyer's state.
 */
export function vatTreatment(buyer: VatBuyer, sellerCountry: string): VatTreatment {
  if (!isEuCountry(buyer.country)) return { scheme: 'outside_scope', rateBp: 0, country: buyer.country };
  if (buyer.validVatNumber && buyer.country !== sellerCountry) {
    return { scheme: 'reverse_charge', rateBp: 0, country: buyer.country };
  }
  return { scheme: 'standard', rateBp: euStandardVatRates[buyer.country], country: buyer.country };
}

/** 1900 -> 19, 2550 -> 25.5: the rate as people read it. */
export function ratePercent(rateBp: number): number {
  return rateBp / 100;
}
