import { isListField, type DraftFieldName } from '../domain/draft-fields.js';
import { socialPlatforms } from '../domain/socials.js';

/** The JSON schema (strict structured output) the model answers in: every field with its quotes. */
const text = { type: 'string' } as const;
const evidence = {
  type: 'array',
  items: { type: 'object', properties: { quote: text, url: text }, required: ['quote', 'url'], additionalProperties: false },
} as const;
const scalar = {
  type: 'object',
  properties: { value: { type: ['string', 'null'] }, evidence },
  required: ['value', 'evidence'],
  additionalProperties: false,
} as const;
const list = {
  type: 'array',
  items: { type: 'object', properties: { value: text, evidence }, required: ['value', 'evidence'], additionalProperties: false },
} as const;

export function draftSchema(fields: readonly DraftFieldName[]) {
  return {
    type: 'object',
    properties: {
      fields: {
        type: 'object',
        properties: Object.fromEntries(fields.map((f) => [f, isListField(f) ? list : scalar])),
        required: [...fields],
        additionalProperties: false,
      },
      faqs: {
        type: 'array',
        items: {
          type: 'object',
          properties: { question: text, answer: text, url: text },
          required: ['question', 'answer', 'url'],
          additionalProperties: false,
        },
      },
      founders: {
        type: 'array',
        items: {
          type: 'object',
          properties: { name: text, title: { type: ['string', 'null'] }, bio: { type: ['string', 'null'] }, url: text },
          required: ['name', 'title', 'bio', 'url'],
          additionalProperties: false,
        },
      },
      socials: {
        type: 'array',
        items: {
          type: 'object',
          properties: { platform: { type: 'string', enum: [...socialPlatforms] }, url: text, page_url: text },
          required: ['platform', 'url', 'page_url'],
          additionalProperties: false,
        },
      },
    },
    required: ['fields', 'faqs', 'founders', 'socials'],
    additionalProperties: false,
  };
}

export interface DraftAnswer {
  fields: Record<
    string,
    | { value: string | null; evidence: { quote: string; url: string }[] }
    | { value: string; evidence: { quote: string; url: string }[] }[]
  >;
  faqs: { question: string; answer: string; url: string }[];
  /** Absent in answers recorded before founders were asked for. */
  founders?: { name: string; title: string | null; bio: string | null; url: string }[];
  socials: { platform: string; url: string; page_url: string }[];
}

export const draftInstructions = `You draft a product directory profile from the crawled pages of the product's own website.
Rules:
- Use only what the pages state. When a page does not state a fact, set its value to null (lists: []). Never guess.
- Every value needs evidence: quotes copied character for character from the page text shown, with the URL of that page.
- Literal facts (name, city, founded year, contact email, URLs) must appear inside their quote.
- country: ISO 3166-1 alpha-2 code, quoting the line that names the country as the page writes it (a postal address counts). founded_year: four digits.
- pricing_model: one of free, freemium, subscription, paid, open source, or null. A free or $0 plan beside paid plans is freemium; a free trial is not a free plan.
- categories: only names from the given category list, most fitting first (the first is the primary category), chosen by what the product does even when the site never uses the category's name.
- Lists: at most 20 items of at most 200 characters. tagline: one line. short_description: at most 300 characters.
- description: what the product does, from the home page and product pages; never a founder's biography.
- Facts about the company (founded year, city, country, email, stage) only from the site's own statements: never from testimonials, customer stories, case studies, blog posts about others or job ads.
- founders: only people a page names as founders (on a team card or in a sentence such as "started by X and Y"), with name, title and bio copied from that page; advisors, investors, board members, mentors and early employees are not founders.
- faqs: only questions and answers the pages state, copied word for word. socials: only profile links present on a page.`;
