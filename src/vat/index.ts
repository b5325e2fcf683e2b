import type { OrdersConfig } from '../config.js';
import type { VatNumberCheckResult } from '../domain/vat.js';
import type { ParsedVatNumber } from '../domain/vat-number.js';

/** What a VAT number check found, and when. */
export interface VatNumberCheck {
  result: VatNumberCheckResult;
  checkedAt: Date;
}

/** Checks a well-formed VAT number (the format and check digit have already passed). */
export interface VatNumberChecker {
  check(number: ParsedVatNumber): Promise<VatNumberCheck>;
}

/** The embedded default: the format and check digit passed, and that is all it can say. */
export const formatOnlyChecker: VatNumberChecker = {
  check: () => Promise.resolve({ result: 'format_only', checkedAt: new Date() }),
};

/** VIES answers failures it relays from a member state with a 200 and `userError` other than these. */
const answered = new Set([undefined, 'VALID', 'INVALID']);

/**
 * VIES, the EU's register of VAT numbers, through its REST interface (POST
 * <VIES_URL>/check-vat-number with the state's prefix and the national part). When VIES or the
 * member state's register cannot answer, the number is `unavailable`: not confirmed, so standard
 * VAT applies rather than a reverse charge nobody verified.
 */
export function viesChecker(vies: NonNullable<OrdersConfig['vies']>): VatNumberChecker {
  return {
    async check(number) {
      const checked = (result: VatNumberCheckResult) => ({ result, checkedAt: new Date() });
      try {
        const res = await fetch(`${vies.url}/check-vat-number`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ countryCode: number.prefix, vatNumber: number.national }),
          signal: AbortSignal.timeout(vies.timeoutMs),
        });
        const body = (await res.json().catch(() => null)) as { valid?: unknown; userError?: unknown } | null;
        if (!res.ok || typeof body?.valid !== 'boolean' || !answered.has(body.userError as string | undefined)) {
          return checked('unavailable');
        }
        return checked(body.valid ? 'confirmed' : 'not_registered');
      } catch {
        return checked('unavailable');
      }
    },
  };
}

export function createVatNumberChecker(config: OrdersConfig): VatNumberChecker {
  return config.vies ? viesChecker(config.vies) : formatOnlyChecker;
}
