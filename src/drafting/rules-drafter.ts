import type { CrawledPage } from '../crawl/types.js';
import { countryCodeOf, type ListDraftField, type ScalarDraftField } from '../domain/draft-fields.js';
import type { DraftProposal, ProposedValue } from '../domain/evidence.js';
import { socialPlatformOf } from '../domain/socials.js';
import type { Drafter, DraftInput } from './drafter.js';
import { escapeRegExp, firstBlock, itemsUnderHeading, jsonLdItems, pagesAt, typeOf, type Located } from './page-reading.js';

/**
 * Drafts without a model: reads JSON-LD, meta/OpenGraph tags and page text with fixed rules.
 * Every value it proposes carries the exact line or block it came from as its quote.
 */
export function createRulesDrafter(): Drafter {
  return { kind: 'rules', propose: async (input) => proposeByRules(input) };
}

const entityTypes =
  /^(Organization|Corporation|LocalBusiness|SoftwareApplication|WebApplication|MobileApplication|Product|Brand|WebSite)$/;
const titleSeparator = /\s+[|\u2013\u2014:\u00b7-]\s+/;
const money = /(?:[$\u20ac\u00a3]\s?\d[\d,.]*|\b\d[\d,.]*\s?(?:USD|EUR|GBP)\b)/;
const recurring = /(?:per|\/|a)\s?(?:month|mo|year|yr|user|seat)\b/i;
const quoted = (url: string, quote: string, value: string): ProposedValue => ({ value, evidence: [{ quote, url }] });

export function proposeByRules({ pages, categories }: DraftInput): DraftProposal {
  const home = pages[0];
  const entities = jsonLdItems(pages).filter((e) => typeOf(e.value).some((t) => entityTypes.test(t)));
  const scalars: DraftProposal['scalars'] = {};
  const lists: DraftProposal['lists'] = {};
  const set = (field: ScalarDraftField, value: ProposedValue | null) => {
    if (value) scalars[field] = value;
  };
  const setList = (field: ListDraftField, values: ProposedValue[]) => {
    if (values.length) lists[field] = values;
  };

  const name = nameOf(home, entities);
  set('name', name);
  set('tagline', taglineOf(home, name?.value));
  set('short_description', metaValue(home, ['description', 'og:description']) ?? ldValue(entities, 'description'));
  set('description', descriptionOf(pages) ?? ldValue(entities, 'description'));
  set('stage', stageOf(pages));
  const pricingPages = pagesAt(pages, /pric|plans/);
  set('pricing_model', pricingModelOf(pricingPages));
  set('pricing_summary', pricingSummaryOf(pricingPages));
  const place = placeOf(entities, pages);
  set('country', place.country);
  set('city', place.city);
  set('founded_year', ldValue(entities, 'foundingDate') ?? foundedOf(pages));
  set('contact_email', emailOf(pages, entities));
  set(
    'demo_video_url',
    firstOf(pages, (p) => p.media.map((m) => quoted(p.url, `video: ${m}`, m))),
  );
  set('logo_url', home.logoUrl ? quoted(home.url, `logo: ${home.logoUrl}`, home.logoUrl) : null);

  setList('categories', categoriesOf(pages, categories));
  setList('tags', splitMeta(home, 'article:tag'));
  setList('keywords', [...splitMeta(home, 'keywords'), ...ldKeywords(entities)]);
  setList('features', featuresOf(pages));
  setList(
    'usps',
    pages.flatMap((p) => itemsUnderHeading(p, /\bwhy\b|benefits|advantages/i).map((i) => quoted(p.url, i, i))),
  );

  return { scalars, lists, faqs: faqsOf(pages), socials: socialsOf(pages) };
}

function metaValue(page: CrawledPage, keys: string[]): ProposedValue | null {
  const key = keys.find((k) => page.meta[k]);
  return key ? quoted(page.url, `${key}: ${page.meta[key]}`, page.meta[key]) : null;
}

function ldValue(entities: Located<Record<string, unknown>>[], key: string): ProposedValue | null {
  for (const { value, url } of entities) {
    const found = value[key];
    if (typeof found === 'string' || typeof found === 'number') return quoted(url, `${key}: ${found}`, String(found));
  }
  return null;
}

function nameOf(home: CrawledPage, entities: Located<Record<string, unknown>>[]): ProposedValue | null {
  const fromLd = ldValue(entities, 'name');
  if (fromLd) return fromLd;
  const fromMeta = metaValue(home, ['og:site_name', 'application-name']);
  if (fromMeta) return fromMeta;
  const first = home.title?.split(titleSeparator)[0]?.trim();
  return home.title && first && first.length <= 60 ? quoted(home.url, `title: ${home.title}`, first) : null;
}

function taglineOf(home: CrawledPage, name: string | undefined): ProposedValue | null {
  const h1 = home.blocks.find((b) => b.tag === 'h1');
  if (h1 && h1.text !== name && h1.text.length <= 200) return quoted(home.url, h1.text, h1.text);
  const rest = home.title?.split(titleSeparator).slice(1).join(' - ').trim();
  return home.title && rest ? quoted(home.url, `title: ${home.title}`, rest) : null;
}

function descriptionOf(pages: CrawledPage[]): ProposedValue | null {
  for (const page of [...pagesAt(pages, /about|company|story/), pages[0]]) {
    const paragraphs = page.blocks.filter((b) => b.tag === 'p' && b.text.length >= 60).slice(0, 6);
    if (paragraphs.length) {
      return {
        value: paragraphs.map((p) => p.text).join('\n\n'),
        evidence: paragraphs.map((p) => ({ quote: p.text, url: page.url })),
      };
    }
  }
  return null;
}

function stageOf(pages: CrawledPage[]): ProposedValue | null {
  const stages: [RegExp, string][] = [
    [/\b(?:public|private|open|closed)? ?beta\b/i, 'beta'],
    [/\balpha\b/i, 'alpha'],
    [/\bearly access\b/i, 'early access'],
  ];
  for (const [pattern, stage] of stages) {
    const block = firstBlock(pages, pattern);
    if (block) return quoted(block.url, block.value, stage);
  }
  return null;
}

function pricingModelOf(pricingPages: CrawledPage[]): ProposedValue | null {
  const free = firstBlock(pricingPages, /\bfree\b/i);
  const paid = firstBlock(pricingPages, money);
  const blocks = [free, paid].filter((b): b is Located<string> => b !== null);
  const model = free && paid ? 'freemium' : paid ? (recurring.test(paid.value) ? 'subscription' : 'paid') : free ? 'free' : null;
  return model ? { value: model, evidence: blocks.map((b) => ({ quote: b.value, url: b.url })) } : null;
}

function pricingSummaryOf(pricingPages: CrawledPage[]): ProposedValue | null {
  const lines = pricingPages.flatMap((p) =>
    p.blocks
      .filter((b) => b.tag !== 'h1' && (money.test(b.text) || /\bfree (plan|forever|tier)\b/i.test(b.text)))
      .map((b) => ({ quote: b.text, url: p.url })),
  );
  const chosen = lines.slice(0, 5);
  return chosen.length ? { value: chosen.map((l) => l.quote).join('; '), evidence: chosen } : null;
}

function placeOf(
  entities: Located<Record<string, unknown>>[],
  pages: CrawledPage[],
): { country: ProposedValue | null; city: ProposedValue | null } {
  for (const { value, url } of entities) {
    const address = value.address as Record<string, unknown> | undefined;
    if (address && typeof address === 'object') {
      const country = typeof address.addressCountry === 'string' ? address.addressCountry : null;
      const city = typeof address.addressLocality === 'string' ? address.addressLocality : null;
      return {
        country: country ? quoted(url, `addressCountry: ${country}`, country) : null,
        city: city ? quoted(url, `addressLocality: ${city}`, city) : null,
      };
    }
  }
  // "... in Lisbon, Portugal" where the second name is a country.
  const place =
    /\b(?:based|headquartered|located|founded|started)\b[^.]*?\bin ([A-Z][\p{L}'-]+(?: [A-Z][\p{L}'-]+)?), ([A-Z][\p{L}-]+(?: [A-Z][\p{L}-]+)*)/u;
  for (const page of pages) {
    for (const block of page.blocks) {
      const match = place.exec(block.text);
      if (match && countryCodeOf(match[2])) {
        return { country: quoted(page.url, block.text, match[2]), city: quoted(page.url, block.text, match[1]) };
      }
    }
  }
  return { country: null, city: null };
}

function foundedOf(pages: CrawledPage[]): ProposedValue | null {
  const pattern = /\b(?:founded|established|started|since)\b[^.]{0,60}?\b(1[89]\d{2}|20\d{2})\b/i;
  const block = firstBlock(pages, pattern);
  return block ? quoted(block.url, block.value, pattern.exec(block.value)![1]) : null;
}

function emailOf(pages: CrawledPage[], entities: Located<Record<string, unknown>>[]): ProposedValue | null {
  const fromLd = ldValue(entities, 'email');
  if (fromLd) return { ...fromLd, value: fromLd.value.replace(/^mailto:/, '') };
  const ordered = [...pagesAt(pages, /contact/), ...pages];
  return firstOf(ordered, (p) => p.emails.map((e) => quoted(p.url, `email: ${e}`, e)));
}

/** Catalogue categories the site names at least twice (title, meta, headings, text); one passing mention is not enough. */
function categoriesOf(pages: CrawledPage[], categories: string[]): ProposedValue[] {
  const scored = categories.flatMap((name) => {
    const pattern = new RegExp(`\\b${escapeRegExp(name)}\\b`, 'gi');
    let count = 0;
    let first: Located<string> | null = null;
    for (const page of pages) {
      const texts = [
        ...page.blocks.map((b) => b.text),
        ...(page.title ? [`title: ${page.title}`] : []),
        ...['description', 'keywords'].filter((k) => page.meta[k]).map((k) => `${k}: ${page.meta[k]}`),
      ];
      for (const text of texts) {
        const hits = text.match(pattern)?.length ?? 0;
        if (hits && !first) first = { value: text, url: page.url };
        count += hits;
      }
    }
    return first && count >= 2 ? [{ name, count, first }] : [];
  });
  // The most mentioned category is the primary one.
  return scored
    .sort((a, b) => b.count - a.count)
    .slice(0, 3)
    .map((c) => quoted(c.first.url, c.first.value, c.name));
}

function splitMeta(page: CrawledPage, key: string): ProposedValue[] {
  const text = page.meta[key];
  if (!text) return [];
  return text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => quoted(page.url, `${key}: ${text}`, k));
}

function ldKeywords(entities: Located<Record<string, unknown>>[]): ProposedValue[] {
  return entities.flatMap(({ value, url }) => {
    const keywords = value.keywords;
    if (typeof keywords === 'string') return keywords.split(',').map((k) => quoted(url, `keywords: ${keywords}`, k.trim()));
    if (Array.isArray(keywords))
      return keywords.filter((k) => typeof k === 'string').map((k) => quoted(url, `keywords: ${k}`, k));
    return [];
  });
}

function featuresOf(pages: CrawledPage[]): ProposedValue[] {
  const featurePages = pagesAt(pages, /feature/);
  const fromPages = featurePages.flatMap((p) => p.blocks.filter((b) => b.tag === 'li').map((b) => quoted(p.url, b.text, b.text)));
  if (fromPages.length) return fromPages;
  return pages.flatMap((p) => itemsUnderHeading(p, /features?\b/i).map((i) => quoted(p.url, i, i)));
}

function faqsOf(pages: CrawledPage[]): DraftProposal['faqs'] {
  const faqs: DraftProposal['faqs'] = [];
  for (const { value, url } of jsonLdItems(pages)) {
    if (!typeOf(value).includes('FAQPage')) continue;
    const entries = Array.isArray(value.mainEntity) ? value.mainEntity : [value.mainEntity];
    for (const entry of entries as Record<string, unknown>[]) {
      const answer = (entry?.acceptedAnswer as Record<string, unknown> | undefined)?.text;
      if (typeof entry?.name === 'string' && typeof answer === 'string') faqs.push({ question: entry.name, answer, url });
    }
  }
  for (const page of pages) {
    page.blocks.forEach((block, i) => {
      const next = page.blocks[i + 1];
      if (/^(h[2-6]|dt|summary)$/.test(block.tag) && block.text.endsWith('?') && next && /^(p|dd)$/.test(next.tag)) {
        faqs.push({ question: block.text, answer: next.text, url: page.url });
      }
    });
  }
  return faqs;
}

function socialsOf(pages: CrawledPage[]): DraftProposal['socials'] {
  const fromLinks = pages.flatMap((p) => Object.entries(p.socials).map(([platform, url]) => ({ platform, url, pageUrl: p.url })));
  const fromLd = jsonLdItems(pages).flatMap(({ value, url }) =>
    (Array.isArray(value.sameAs) ? value.sameAs : [value.sameAs])
      .filter((s): s is string => typeof s === 'string')
      .map((s) => ({ platform: socialPlatformOf(s) ?? '', url: s, pageUrl: url })),
  );
  return [...fromLinks, ...fromLd];
}

function firstOf(pages: CrawledPage[], pick: (page: CrawledPage) => ProposedValue[]): ProposedValue | null {
  for (const page of pages) {
    const found = pick(page)[0];
    if (found) return found;
  }
  return null;
}
