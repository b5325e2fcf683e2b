import type { DraftEntity } from '../entities/draft.js';
import { clampText, draftFieldNames, type DraftFieldName } from './draft-fields.js';
import type { FieldValue } from './draft-content.js';

/**
 * The listing columns a submitted draft writes, from its current values whatever their state.
 * Where the listing's own bounds are tighter than the draft's (tagline 200, short description 300,
 * stage and pricing model 40, pricing summary 300, city 120), text is cut at a word boundary; a
 * founded year that is not a year 1800-2100 and an address over 254 characters are left out.
 */
export interface ListingColumns {
  name: string;
  tagline: string;
  short_description: string;
  description: string;
  stage: string | null;
  pricing_model: string | null;
  pricing_summary: string | null;
  country: string | null;
  city: string | null;
  founded_year: number | null;
  website_url: string;
  domain: string;
  logo_url: string | null;
  demo_video_url: string | null;
  contact_email: string | null;
  features: string[];
  usps: string[];
  keywords: string[];
  tags: string[];
  socials: Record<string, string>;
  faqs: { question: string; answer: string }[];
  not_found_on_website: string[];
  seo_title: string | null;
  seo_description: string | null;
}

/** A free listing shows its primary category; a paid one up to three more (spec, Listing). */
export const maxListingCategories = 4;

type DraftForListing = Pick<DraftEntity, 'fields' | 'url' | 'companySocials' | 'faqs' | 'seo'>;

export function listingColumnsOf(draft: DraftForListing): ListingColumns {
  const text = (name: DraftFieldName): string | null => {
    const value: FieldValue | undefined = draft.fields[name]?.value;
    return typeof value === 'string' ? value : null;
  };
  const list = (name: DraftFieldName): string[] => {
    const value = draft.fields[name]?.value;
    return Array.isArray(value) ? value : [];
  };
  const cut = (value: string | null, max: number) => (value === null ? null : clampText(value, max));
  const host = new URL(draft.url).hostname.replace(/^www\./, '');
  const year = Number(/^\d{4}$/.exec(text('founded_year') ?? '')?.[0]);
  const email = text('contact_email');
  return {
    name: text('name') ?? host,
    tagline: cut(text('tagline'), 200) ?? '',
    short_description: cut(text('short_description'), 300) ?? '',
    description: text('description') ?? '',
    stage: cut(text('stage'), 40),
    pricing_model: cut(text('pricing_model'), 40),
    pricing_summary: cut(text('pricing_summary'), 300),
    country: /^[A-Z]{2}$/.test(text('country') ?? '') ? text('country') : null,
    city: cut(text('city'), 120),
    founded_year: year >= 1800 && year <= 2100 ? year : null,
    website_url: draft.url,
    domain: host,
    logo_url: text('logo_url'),
    demo_video_url: text('demo_video_url'),
    contact_email: email && email.length <= 254 ? email : null,
    features: list('features'),
    usps: list('usps'),
    keywords: list('keywords'),
    tags: list('tags'),
    socials: draft.companySocials,
    faqs: draft.faqs.map(({ question, answer }) => ({ question, answer })),
    not_found_on_website: draftFieldNames.filter((name) => draft.fields[name]?.state === 'not_found' && draft.fields[name]?.ai_original),
    seo_title: draft.seo.title ?? null,
    seo_description: draft.seo.meta ?? null,
  };
}

/** The draft's categories as catalogue ids, primary first, at most four. */
export function categoryIdsOf(draft: Pick<DraftEntity, 'fields'>, idsByName: ReadonlyMap<string, number>): number[] {
  const names = draft.fields.categories?.value;
  if (!Array.isArray(names)) return [];
  const ids = names.map((name) => idsByName.get(name)).filter((id): id is number => id !== undefined);
  return [...new Set(ids)].slice(0, maxListingCategories);
}

/** A slug from a name (the website's host when it has none), per the spec's pattern. */
export function slugBaseOf(name: string, fallback: string): string {
  const slugOf = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 200)
      .replace(/-+$/, '');
  return slugOf(name) || slugOf(fallback) || 'listing';
}
