import type { DraftEntity } from '../entities/draft.js';

/** The listing columns a submitted draft writes, from its current values (whatever their state). */
export interface ListingColumns {
  name: string;
}

export function listingColumnsOf(draft: Pick<DraftEntity, 'fields' | 'url'>): ListingColumns {
  const name = (draft.fields.name?.value as string | null | undefined) ?? new URL(draft.url).hostname.replace(/^www\./, '');
  return { name };
}

/** A slug from the product's name (the website's host when it has none), per the spec's pattern. */
export function slugBaseOf(name: string, url: string): string {
  const fromName = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/, '');
  return fromName || new URL(url).hostname.replace(/^www\./, '').replace(/[^a-z0-9]+/g, '-').slice(0, 200) || 'listing';
}
