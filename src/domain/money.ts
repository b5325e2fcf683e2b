/**
 * The one rounding rule for money: a share of an amount in whole cents, rounded half up
 * (half a cent and more rounds up). Each order line is rounded on its own and totals are sums of
 * rounded lines, so the lines always add up to the totals shown.
 */
export function shareOfCents(cents: number, basisPoints: number): number {
  return Math.floor((cents * basisPoints * 2 + 10_000) / 20_000);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** USD cents as people read them: 4900 -> $49.00. */
export function dollars(cents: number): string {
  return usd.format(cents / 100);
}

/** An amount a payment provider reports in minor units of its currency, as people read it: 12000 eur -> €120.00 EUR. */
export function moneyIn(minorUnits: number, currency: string): string {
  const code = currency.toUpperCase();
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
  return `${format.format(minorUnits / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2))} ${code}`;
}
