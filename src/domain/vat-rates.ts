/**
 * Standard VAT rates of the 27 EU member states, in basis points (1 % = 100), the one table every
 * VAT computation reads. Source: European Commission, "VAT rates applied in the Member States of
 * the European Union" (Taxes in Europe Database), situation at 1 August 2025 (EE 24 % from
 * 1 July 2025, RO 21 % from 1 August 2025, SK 23 % and FI 25.5 % in force). Reduced rates do not
 * apply to the services sold here.
 */
export const euStandardVatRates = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
} as const satisfies Record<string, number>;

export type EuCountry = keyof typeof euStandardVatRates;

export function isEuCountry(country: string): country is EuCountry {
  return Object.hasOwn(euStandardVatRates, country);
}

/** VAT numbers of Greece start with EL, not its ISO code GR; every other state uses its ISO code. */
export function vatPrefixOf(country: EuCountry): string {
  return country === 'GR' ? 'EL' : country;
}
