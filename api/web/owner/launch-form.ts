/**
 * The paid-launch form of a listing's owner page as a quote_order / create_checkout body: one
 * launch line for the listing, with its week and extra categories, and the buyer's billing country,
 * VAT number and promo code. Empty controls are left out, so the operation's defaults apply.
 */
export const launchFormKeys = ['week', 'categories', 'billing_country', 'vat_number', 'promo_code'] as const;

export type LaunchForm = Record<(typeof launchFormKeys)[number], string>;

export function launchFormOf(read: (key: string) => string | undefined): LaunchForm {
  return Object.fromEntries(launchFormKeys.map((key) => [key, (read(key) ?? '').trim()])) as LaunchForm;
}

export function launchOrderBody(listingId: number, form: LaunchForm): Record<string, unknown> {
  const categories = form.categories.split(/[\s,]+/).filter(Boolean);
  return {
    items: [
      {
        product: 'launch',
        listing_id: listingId,
        ...(form.week && { week: form.week }),
        ...(categories.length > 0 && { categories }),
      },
    ],
    billing_country: form.billing_country,
    ...(form.vat_number && { vat_number: form.vat_number }),
    ...(form.promo_code && { promo_code: form.promo_code }),
  };
}

/** A refusal's body path back to the control that sent it: items.0.week -> week, items.0.categories.1 -> categories. */
export function launchFormKeyOf(path: string): string {
  const item = /^items\.0\.(week|categories)/.exec(path);
  if (item) return item[1];
  return path.startsWith('items') ? '' : path;
}
