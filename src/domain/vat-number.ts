import { vatPrefixOf, type EuCountry } from './vat-rates.js';

/**
 * EU VAT numbers without a registry: the national format of each member state, and for the
 * states whose check digit is public (AT, BE, DE, DK, FI, FR, IT, LU, NL, PL, PT, SE) that digit
 * too. A number that passes is well formed, not necessarily issued: only VIES knows that.
 */
const formats: Record<EuCountry, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^10\d{7}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  GR: /^\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^[1-9]\d{7}$/,
  SK: /^[1-9]\d{9}$/,
};

const digits = (text: string) => [...text].map(Number);
const weighted = (ds: number[], weights: number[]) => weights.reduce((sum, w, i) => sum + w * ds[i], 0);

function luhn(text: string): boolean {
  const sum = digits(text)
    .reverse()
    .reduce((acc, d, i) => acc + (i % 2 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  return sum % 10 === 0;
}

/** ISO 7064 MOD 97-10 over a string of digits and capitals (A = 10 ... Z = 35). */
function mod97(text: string): number {
  return [...text].reduce((rest, ch) => {
    const value = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    return Number(`${rest}${value}`) % 97;
  }, 0);
}

const checkDigits: Partial<Record<EuCountry, (n: string) => boolean>> = {
  AT: (n) => {
    const ds = digits(n.slice(1));
    const sum = ds.slice(0, 7).reduce((acc, d, i) => acc + (i % 2 ? Math.floor((d * 2) / 10) + ((d * 2) % 10) : d), 0);
    return (10 - ((sum + 4) % 10)) % 10 === ds[7];
  },
  BE: (n) => 97 - (Number(n.slice(0, 8)) % 97) === Number(n.slice(8)),
  DE: (n) => {
    let product = 10;
    for (const d of digits(n.slice(0, 8))) {
      const sum = (d + product) % 10 || 10;
      product = (2 * sum) % 11;
    }
    return (11 - product) % 10 === Number(n[8]);
  },
  DK: (n) => weighted(digits(n), [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0,
  FI: (n) => {
    const rest = weighted(digits(n), [7, 9, 10, 5, 8, 4, 2]) % 11;
    return rest !== 1 && (rest === 0 ? 0 : 11 - rest) === Number(n[7]);
  },
  // New-style keys with letters have no published formula; the numeric key is (12 + 3 * (SIREN mod 97)) mod 97.
  FR: (n) => !/^\d{2}/.test(n) || (12 + 3 * (Number(n.slice(2)) % 97)) % 97 === Number(n.slice(0, 2)),
  IT: (n) => luhn(n),
  LU: (n) => Number(n.slice(0, 6)) % 89 === Number(n.slice(6)),
  // Numbers issued before 2020 pass the eleven-test; newer ones pass MOD 97-10 over "NL" + the number.
  NL: (n) => weighted(digits(n), [9, 8, 7, 6, 5, 4, 3, 2]) % 11 === Number(n[8]) || mod97(`NL${n}`) === 1,
  PL: (n) => weighted(digits(n), [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11 === Number(n[9]),
  PT: (n) => {
    const check = 11 - (weighted(digits(n), [9, 8, 7, 6, 5, 4, 3, 2]) % 11);
    return (check >= 10 ? 0 : check) === Number(n[8]);
  },
  SE: (n) => luhn(n.slice(0, 10)),
};

export interface ParsedVatNumber {
  /** As VIES takes it: the state's prefix (EL for Greece) and the national part. */
  prefix: string;
  national: string;
  /** Prefix and national part, no spaces or punctuation. */
  normalized: string;
}

export type VatNumberParse = { ok: true; number: ParsedVatNumber } | { ok: false; reason: string };

/**
 * Reads a VAT number for a buyer in `country`: spaces, dots and dashes are dropped, the prefix
 * must be that country's, then the format and (where public) the check digit must hold.
 */
export function parseVatNumber(country: EuCountry, text: string): VatNumberParse {
  const compact = text.toUpperCase().replace(/[\s.\-/]/g, '');
  const prefix = vatPrefixOf(country);
  if (!compact.startsWith(prefix)) {
    return {
      ok: false,
      reason: `A VAT number of ${country} starts with ${prefix} (the billing country and the VAT number must match).`,
    };
  }
  const national = compact.slice(prefix.length);
  if (!formats[country].test(national))
    return { ok: false, reason: `${compact} is not in the format of a VAT number of ${country}.` };
  if (!(checkDigits[country]?.(national) ?? true))
    return { ok: false, reason: `${compact} fails the check digit of ${country}.` };
  return { ok: true, number: { prefix, national, normalized: compact } };
}
