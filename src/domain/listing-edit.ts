/**
 * What an owner may change on a listing (the specification's editable fields of update_my_listing)
 * and how a change is recorded. Pure: the service loads the listing, applies, and saves.
 */

/** Field name in the API -> property of the listing entity. */
export const editableListingFields = {
  tagline: 'tagline',
  short_description: 'shortDescription',
  description: 'description',
  pricing_model: 'pricingModel',
  pricing_summary: 'pricingSummary',
  country: 'country',
  city: 'city',
  founded_year: 'foundedYear',
  demo_video_url: 'demoVideoUrl',
  contact_email: 'contactEmail',
  features: 'features',
  usps: 'usps',
  keywords: 'keywords',
  headline: 'headline',
  summary: 'summary',
  seo_title: 'seoTitle',
  seo_description: 'seoDescription',
} as const;

export type EditableListingField = keyof typeof editableListingFields;
export const editableListingFieldNames = Object.keys(editableListingFields) as EditableListingField[];

/** The per-site fields: `apply_to` copies these, when changed in the call, to the company's listings on other sites. */
export const perSiteFields = [
  'headline',
  'summary',
  'seo_title',
  'seo_description',
] as const satisfies readonly EditableListingField[];
export type PerSiteField = (typeof perSiteFields)[number];

/** Fields that are text in the profile and may not be emptied (a listing always has them). */
export const requiredTextFields = [
  'tagline',
  'short_description',
  'description',
] as const satisfies readonly EditableListingField[];

export type FieldValue = string | number | string[] | null | Record<string, unknown> | Record<string, unknown>[];

/** Before and after of each field whose value an edit changed; fields set to what they were are left out. */
export function changedFields(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const field of Object.keys(after)) {
    if (sameValue(before[field], after[field])) continue;
    changed.before[field] = before[field] ?? null;
    changed.after[field] = after[field] ?? null;
  }
  return changed;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The site keys an edit's `apply_to` names, resolved against the sites that exist: `["all"]` is
 * every other site; a key that does not exist is refused by name.
 */
export function resolveApplyTo(
  applyTo: readonly string[],
  siteKeys: readonly string[],
  currentKey: string,
): { ok: true; keys: string[] } | { ok: false; unknown: string[] } {
  if (applyTo.includes('all')) return { ok: true, keys: siteKeys.filter((key) => key !== currentKey) };
  const unknown = applyTo.filter((key) => !siteKeys.includes(key));
  if (unknown.length) return { ok: false, unknown };
  return { ok: true, keys: [...new Set(applyTo)].filter((key) => key !== currentKey) };
}
