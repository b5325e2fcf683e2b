import type { OrdersConfig } from '../config.js';
import type { ParsedVatNumber } from '../domain/vat-number.js';

/** What a VAT number check found, and how far it looked. */
export interface VatNumberCheck {
  valid: boolean;
  /** vies: the member state's register said so; format: only the format and check digit were checked. */
  by: 'vies' | 'format';
}

/** Checks a well-formed VAT number (the format and check digit have already passed). */
export interface VatNumberChecker {
  check(number: ParsedVatNumber): Promise<VatNumberCheck>;
}

/** The embedded default: a number that passed format and check digit counts as valid, and says so. */
export const formatOnlyChecker: VatNumberChecker = {
  check: () => Promise.resolve({ valid: true, by: 'format' }),
};

/**
 * VIES, the EU's register of VAT numbers, through its REST interface (POST
 * <VIES_URL>/check-vat-number with the state's prefix and the national part). When VIES or the
 * member state's register cannot answer, the format check stands in and the quote says
 * `validated: "format"`, rather than refusing a buyer for an outage.
 */
export function viesChecker(vies: NonNullable<OrdersConfig['vies']>): VatNumberChecker {
  return {
    async check(number) {
      try {
        const res = await fetch(`${vies.url}/check-vat-number`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ countryCode: number.prefix, vatNumber: number.national }),
          signal: AbortSignal.timeout(vies.timeoutMs),
        });
        const body = (await res.json().catch(() => null)) as { valid?: unknown } | null;
        if (!res.ok || typeof body?.valid !== 'boolean') return formatOnlyChecker.check(number);
        return { valid: body.valid, by: 'vies' };
      } catch {
        return formatOnlyChecker.check(number);
      }
    },
  };
}

export function createVatNumberChecker(config: OrdersConfig): VatNumberChecker {
  return config.vies ? viesChecker(config.vies) : formatOnlyChecker;
}
