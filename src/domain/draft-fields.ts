import { countryCodeByName } from './country-names.js';

/**
 * The profile fields of a draft (spec, Draft resource) with their bounds, and the shape a value
 * must have to be kept. Pure: shared by the drafters, the evidence verifier and update_draft.
 */
export const scalarDraftFields = [
  'name',
  'tagline',
  'short_description',
  'description',
  'stage',
  'pricing_model',
  'pricing_summary',
  'country',
  'city',
  'founded_year',
  'contact_email',
  'demo_video_url',
  'logo_url',
] as const;

export const listDraftFields = ['categories', 'tags', 'features', 'usps', 'keywords'] as const;

export type ScalarDraftField = (typeof scalarDraftFields)[number];
export type ListDraftField = (typeof listDraftFields)[number];
export type DraftFieldName = ScalarDraftField | ListDraftField;

/** Spec order of the fields. */
export const draftFieldNames: readonly DraftFieldName[] = [
  'name',
  'tagline',
  'short_description',
  'description',
  'stage',
  'categories',
  'tags',
  'pricing_model',
  'pricing_summary',
  'country',
  'city',
  'founded_year',
  'features',
  'usps',
  'keywords',
  'contact_email',
  'demo_video_url',
  'logo_url',
];

export const draftBounds = {
  scalarChars: 500,
  descriptionChars: 20000,
  listItems: 20,
  listItemChars: 200,
  faqs: 10,
  faqQuestionChars: 300,
  faqAnswerChars: 1500,
  socialUrlChars: 500,
} as const;

export function isListField(name: string): name is ListDraftField {
  return (listDraftFields as readonly string[]).includes(name);
}

export function maxCharsOf(field: ScalarDraftField): number {
  return field === 'description' ? draftBounds.descriptionChars : draftBounds.scalarChars;
}

/** Cuts text to `max` characters at the last word boundary, so a kept value never ends mid-word. */
export function clampText(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  const cut = trimmed.slice(0, max + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > max / 2 ? cut.slice(0, lastSpace) : trimmed.slice(0, max)).trim();
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** English name of an ISO 3166-1 alpha-2 code, or null when the code is not a country. */
export function countryNameOf(code: string): string | null {
  if (!/^[A-Z]{2}$/.test(code)) return null;
  try {
    return regionNames.of(code) ?? null;
  } catch {
    return null;
  }
}

let countryIndex: Map<string, string> | null = null;

/** The code in use for a region code (UK -> GB, FX -> FR, SU -> RU), as Unicode locale data aliases them. */
function currentCode(code: string): string {
  return Intl.getCanonicalLocales(`und-${code}`)[0].slice(4);
}

/** ISO code for a country name (English or a site's own language) or a code ("Portugal", "Deutschland", "pt", "PT"). */
export function countryCodeOf(nameOrCode: string): string | null {
  const text = nameOrCode.trim();
  if (/^[A-Za-z]{2}$/.test(text)) {
    const code = currentCode(text.toUpperCase());
    return countryNameOf(code) ? code : null;
  }
  if (!countryIndex) {
    countryIndex = new Map();
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const name = countryNameOf(code);
        // Retired codes (UK, FX, SU, DD...) share their successor's name; only the current code may answer it.
        if (name && name !== code && currentCode(code) === code) countryIndex.set(name.toLowerCase(), code);
      }
    }
    for (const [alias, code] of Object.entries({ usa: 'US', 'united states of america': 'US', uk: 'GB', england: 'GB' })) {
      countryIndex.set(alias, code);
    }
  }
  return countryIndex.get(text.toLowerCase()) ?? countryCodeByName(text);
}

const emailPattern = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The value in its stored form, or null when it does not have the shape the field requires
 * (country: ISO alpha-2; founded_year: a year 1800-2100; contact_email: an address; URLs: http(s)).
 */
export function shapeScalar(field: ScalarDraftField, raw: string): string | null {
  const text = raw.replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  switch (field) {
    case 'country':
      return countryCodeOf(text);
    case 'founded_year': {
      const year = /^(\d{4})(-\d{2}(-\d{2})?)?$/.exec(text)?.[1];
      return year && Number(year) >= 1800 && Number(year) <= 2100 ? year : null;
    }
    case 'contact_email':
      return emailPattern.test(text) && text.length <= 254 ? text : null;
    case 'demo_video_url':
    case 'logo_url':
      return isHttpUrl(text) && text.length <= draftBounds.scalarChars ? text : null;
    case 'description':
      return clampText(raw.replace(/[ \t]+/g, ' ').replace(/\n{3,}/g, '\n\n'), maxCharsOf(field)) || null;
    default:
      return clampText(text, maxCharsOf(field)) || null;
  }
}
