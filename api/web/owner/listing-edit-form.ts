import type { OwnerListing } from '../../../src/listings/schemas.js';

/** The text fields of a listing its owner edits on its page, each with where the owner view holds its value. */
export const editableControls: readonly {
  name: string;
  label: string;
  maxlength: number;
  rows?: number;
  value: (listing: OwnerListing) => string | null;
}[] = [
  { name: 'tagline', label: 'Tagline', maxlength: 200, value: (l) => l.tagline },
  { name: 'short_description', label: 'Short description', maxlength: 300, rows: 2, value: (l) => l.short_description },
  { name: 'description', label: 'Description', maxlength: 20000, rows: 6, value: (l) => l.description },
  { name: 'pricing_summary', label: 'Pricing', maxlength: 300, value: (l) => l.pricing.summary },
  { name: 'country', label: 'Country (ISO code)', maxlength: 2, value: (l) => l.country },
  { name: 'city', label: 'City', maxlength: 120, value: (l) => l.city },
  { name: 'contact_email', label: 'Contact email', maxlength: 254, value: (l) => l.links.contact_email },
  { name: 'demo_video_url', label: 'Demo video address', maxlength: 500, value: (l) => l.links.demo_video },
  { name: 'headline', label: 'Headline', maxlength: 200, value: (l) => l.headline },
  { name: 'summary', label: 'Summary', maxlength: 20000, rows: 3, value: (l) => l.summary },
  { name: 'seo_title', label: 'Search title', maxlength: 200, value: (l) => l.seo.title },
  { name: 'seo_description', label: 'Search description', maxlength: 320, rows: 2, value: (l) => l.seo.description },
];

/**
 * The edit form as an update_my_listing body: only the fields changed from the listing as shown,
 * so an untouched field keeps its state and history; an emptied one is null (cleared). The site
 * keys typed under "Copy to other sites" are its apply_to.
 */
export function listingEditBody(
  listing: OwnerListing,
  read: (key: string) => string | undefined,
): { fields: Record<string, string | null>; apply_to?: string[] } {
  const fields: Record<string, string | null> = {};
  for (const control of editableControls) {
    const sent = read(`fields.${control.name}`);
    if (sent === undefined || sent.trim() === (control.value(listing) ?? '')) continue;
    fields[control.name] = sent.trim() === '' ? null : sent.trim();
  }
  const applyTo = (read('apply_to') ?? '').split(/[\s,]+/).filter(Boolean);
  return { fields, ...(applyTo.length > 0 && { apply_to: applyTo }) };
}

/** What the form sent, by control name, to show again after a refusal. */
export function sentEdits(read: (key: string) => string | undefined): Record<string, string> {
  return Object.fromEntries(
    [...editableControls.map((c) => `fields.${c.name}`), 'apply_to'].flatMap((key) => {
      const value = read(key);
      return value === undefined ? [] : [[key, value]];
    }),
  );
}
