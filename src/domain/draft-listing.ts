import { clampText, draftFieldNames, type DraftFieldName } from './draft-fields.js';
import type { DraftFields, DraftPartName, DraftParts, Faq, FieldValue, Founder, Milestone, Socials } from './draft-content.js';

/** What of a draft makes its listing: plain data, so any holder of a draft (the entity included) passes. */
export interface DraftForListing {
  url: string;
  fields: DraftFields;
  faqs: Faq[];
  companySocials: Socials;
  founderSocials: Socials;
  founders: Founder[];
  story: Record<string, string>;
  milestones: Milestone[];
  seo: DraftParts['seo'];
  ownerParts: readonly DraftPartName[];
}

/**
 * The listing's profile as a submitted draft gives it, from its current values whatever their state.
 * Where the listing's own bounds are tighter than the draft's (tagline 200, short description 300,
 * stage and pricing model 40, pricing summary 300, city 120), text is cut at a word boundary; a
 * founded year that is not a year 1800-2100 and an address over 254 characters are left out.
 */
export interface ListingContent {
  name: string;
  tagline: string;
  shortDescription: string;
  description: string;
  stage: string | null;
  pricingModel: string | null;
  pricingSummary: string | null;
  country: string | null;
  city: string | null;
  foundedYear: number | null;
  websiteUrl: string;
  domain: string;
  logoUrl: string | null;
  demoVideoUrl: string | null;
  contactEmail: string | null;
  features: string[];
  usps: string[];
  keywords: string[];
  tags: string[];
  /** Catalogue category ids, primary first. */
  categoryIds: number[];
  socials: Socials;
  faqs: Faq[];
  notFoundOnWebsite: string[];
  seoTitle: string | null;
  seoDescription: string | null;
}

export interface FounderProfile {
  name: string;
  title: string | null;
  bio: string;
  socials: Socials;
}

export interface ListingMilestone {
  date: string;
  title: string;
  description: string | null;
  url: string | null;
}

/**
 * Everything a submit writes to a listing. Founders, story and milestones are each null (left as
 * they are) unless the owner has set that part of the draft, so the listing's own edits to parts
 * the draft never touched survive a resubmit.
 */
export interface ListingFromDraft {
  content: ListingContent;
  /** In order; the draft's founder socials belong to the first. */
  founders: FounderProfile[] | null;
  story: Record<string, string> | null;
  milestones: ListingMilestone[] | null;
}

/** A free listing shows its primary category; a paid one up to three more (spec, Listing). */
export const maxListingCategories = 4;

/** The listing a draft makes; `categoryIdsByName` is the site's catalogue. */
export function listingFromDraft(draft: DraftForListing, categoryIdsByName: ReadonlyMap<string, number>): ListingFromDraft {
  const owned = (part: DraftPartName) => draft.ownerParts.includes(part);
  return {
    content: listingContentOf(draft, categoryIdsByName),
    founders:
      owned('founders') || owned('founder_socials')
        ? draft.founders.map((f, position) => ({
            name: f.name,
            title: f.title ?? null,
            bio: f.bio ?? '',
            socials: position === 0 ? draft.founderSocials : {},
          }))
        : null,
    story: owned('story') ? draft.story : null,
    milestones: owned('milestones')
      ? draft.milestones.map((m) => ({ date: m.date, title: m.title, description: m.description ?? null, url: m.url ?? null }))
      : null,
  };
}

function listingContentOf(draft: DraftForListing, categoryIdsByName: ReadonlyMap<string, number>): ListingContent {
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
  const categoryIds = list('categories')
    .map((name) => categoryIdsByName.get(name))
    .filter((id): id is number => id !== undefined);
  return {
    name: text('name') ?? host,
    tagline: cut(text('tagline'), 200) ?? '',
    shortDescription: cut(text('short_description'), 300) ?? '',
    description: text('description') ?? '',
    stage: cut(text('stage'), 40),
    pricingModel: cut(text('pricing_model'), 40),
    pricingSummary: cut(text('pricing_summary'), 300),
    country: /^[A-Z]{2}$/.test(text('country') ?? '') ? text('country') : null,
    city: cut(text('city'), 120),
    foundedYear: year >= 1800 && year <= 2100 ? year : null,
    websiteUrl: draft.url,
    domain: host,
    logoUrl: text('logo_url'),
    demoVideoUrl: text('demo_video_url'),
    contactEmail: email && email.length <= 254 ? email : null,
    features: list('features'),
    usps: list('usps'),
    keywords: list('keywords'),
    tags: list('tags'),
    categoryIds: [...new Set(categoryIds)].slice(0, maxListingCategories),
    socials: draft.companySocials,
    faqs: draft.faqs.map(({ question, answer }) => ({ question, answer })),
    notFoundOnWebsite: draftFieldNames.filter(
      (name) => draft.fields[name]?.state === 'not_found' && draft.fields[name]?.ai_original,
    ),
    seoTitle: draft.seo.title ?? null,
    seoDescription: draft.seo.meta ?? null,
  };
}

/** The slug itself, or with -2, -3... when it is taken. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
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
