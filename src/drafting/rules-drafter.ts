import type { CrawledPage } from '../crawl/types.js';
import type { ListDraftField, ScalarDraftField } from '../domain/draft-fields.js';
import type { DraftProposal, ProposedValue } from '../domain/evidence.js';
import { socialPlatformOf } from '../domain/socials.js';
import type { Drafter, DraftInput } from './drafter.js';
import { foundersOf } from './founder-reading.js';
import { foundedYearOf } from './founding-year.js';
import { legalForm } from './language-words.js';
import {
  escapeRegExp,
  firstBlock,
  isHeading,
  itemsUnderHeading,
  jsonLdItems,
  ownBlocks,
  ownPages,
  pagesAt,
  typeOf,
  type Located,
} from './page-reading.js';
import { categoryBySimilarity } from './category-reading.js';
import { placeOf } from './place-reading.js';
import { pricingOf } from './pricing-reading.js';

/**
 * Drafts without a model, reading a site as a person would: the product's name and pitch from the
 * home page (hero, meta and OpenGraph tags, JSON-LD), facts about the company from its own pages
 * (address, about, team, pricing), never from quotations, testimonials, case studies, blog posts
 * or job ads. Every value carries the exact line or block it came from as its quote.
 */
export function createRulesDrafter(): Drafter {
  return { kind: 'rules', propose: async (input) => proposeByRules(input) };
}

const entityTypes =
  /^(Organization|Corporation|LocalBusiness|SoftwareApplication|WebApplication|MobileApplication|Product|Brand|WebSite)$/;
const productTypes = /^(SoftwareApplication|WebApplication|MobileApplication|Product)$/;
const titleSeparator = /\s+[|\u2013\u2014\u00b7-]\s+|:\s+/;
const quoted = (url: string, quote: string, value: string): ProposedValue => ({ value, evidence: [{ quote, url }] });

export function proposeByRules({ pages: allPages, categories }: DraftInput): DraftProposal {
  const home = allPages[0];
  const pages = ownPages(allPages);
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
  const shortDescription =
    metaValue(home, ['description', 'og:description', 'twitter:description']) ?? ldValue(entities, 'description');
  set('name', name);
  set('tagline', taglineOf(home, name?.value));
  set('short_description', shortDescription);
  set('description', descriptionOf(home, entities) ?? shortDescription);
  set('stage', stageOf(pages));
  const pricing = pricingOf(pages);
  set('pricing_model', pricing.model);
  set('pricing_summary', pricing.summary);
  const place = placeOf(entities, pages);
  set('country', place.country);
  set('city', place.city);
  set('founded_year', ldValue(entities, 'foundingDate') ?? foundedYearOf(pages, name?.value));
  set('contact_email', emailOf(pages, entities));
  set('demo_video_url', demoVideoOf(pages));
  set('logo_url', home.logoUrl ? quoted(home.url, `logo: ${home.logoUrl}`, home.logoUrl) : null);

  const named = categoriesOf(pages, categories);
  const similar = named.length ? null : categoryBySimilarity(home, categories);
  setList('categories', similar ? [similar] : named);
  setList('tags', splitMeta(home, 'article:tag'));
  setList('keywords', [...splitMeta(home, 'keywords'), ...ldKeywords(entities)]);
  setList('features', featuresOf(pages));
  setList(
    'usps',
    pages.flatMap((p) =>
      itemsUnderHeading(p, /\bwhy\b|benefits|advantages|pourquoi|warum|por qué/i).map((i) => quoted(p.url, i, i)),
    ),
  );

  return { scalars, lists, faqs: faqsOf(pages), socials: socialsOf(pages), founders: foundersOf(pages) };
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
  // "Mietkompass GmbH" is the company; the product is "Mietkompass".
  if (fromLd) return { ...fromLd, value: fromLd.value.replace(legalForm, '') || fromLd.value };
  const fromMeta = metaValue(home, ['og:site_name', 'application-name']);
  if (fromMeta) return fromMeta;
  const first = home.title?.split(titleSeparator)[0]?.trim();
  return home.title && first && first.length <= 60 ? quoted(home.url, `title: ${home.title}`, first) : null;
}

/** The hero heading; else what the title or og:title says after the name. */
function taglineOf(home: CrawledPage, name: string | undefined): ProposedValue | null {
  const h1 = ownBlocks(home).find((b) => b.tag === 'h1');
  if (h1 && h1.text !== name && h1.text.length <= 200) return quoted(home.url, h1.text, h1.text);
  for (const [key, title] of [
    ['title', home.title],
    ['og:title', home.meta['og:title']],
  ] as const) {
    const rest = title?.split(titleSeparator).slice(1).join(' - ').trim();
    if (title && rest) return quoted(home.url, `${key}: ${title}`, rest);
  }
  return null;
}

/** Sections of a home page that are not the product's pitch. */
const notPitch =
  /\?$|\b(faq|questions?|pricing|prices|plans|tarifs|contact|customers?|testimonials?|say|reviews?|team|press|preise|prix|precios|prezzi|prijzen|preços|kontakt|contacto|contatti|contato|kunden|clients|clientes|clienti|klanten|équipe|equipo|equipa|domande|preguntas|perguntas|vragen|fragen)(?![\p{L}])/iu;
const minPitchChars = 60;

/**
 * What the product does: a product JSON-LD description, else the home page's own paragraphs (the
 * hero and the sections that present the product), never a biography, a testimonial, an FAQ
 * answer or a price line.
 */
function descriptionOf(home: CrawledPage, entities: Located<Record<string, unknown>>[]): ProposedValue | null {
  const product = entities.find(
    (e) => typeOf(e.value).some((t) => productTypes.test(t)) && typeof e.value.description === 'string',
  );
  if (product) {
    const text = product.value.description as string;
    return quoted(product.url, `description: ${text}`, text);
  }
  const paragraphs: string[] = [];
  let heading = '';
  for (const block of ownBlocks(home)) {
    if (isHeading(block)) heading = block.tag === 'h1' ? '' : block.text;
    else if (block.tag === 'p' && block.text.length >= minPitchChars && !notPitch.test(heading) && !/@/.test(block.text)) {
      paragraphs.push(block.text);
    }
  }
  const chosen = paragraphs.slice(0, 3);
  return chosen.length ? { value: chosen.join('\n\n'), evidence: chosen.map((quote) => ({ quote, url: home.url })) } : null;
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

/** JSON-LD email, else the contact page's, else any; an address at the site's own domain first. */
function emailOf(pages: CrawledPage[], entities: Located<Record<string, unknown>>[]): ProposedValue | null {
  const fromLd = ldValue(entities, 'email');
  if (fromLd) return { ...fromLd, value: fromLd.value.replace(/^mailto:/, '') };
  const domain = new URL(pages[0].url).hostname.replace(/^www\./, '');
  const ordered = [...pagesAt(pages, /contact/), ...pages];
  const all = ordered.flatMap((p) => p.emails.map((e) => quoted(p.url, `email: ${e}`, e)));
  return all.find((e) => e.value.toLowerCase().endsWith(`@${domain}`)) ?? all[0] ?? null;
}

/** A video watch or embed address (not a channel or profile page). */
const videoPage =
  /youtube(?:-nocookie)?\.com\/(?:embed\/|watch\?v=|shorts\/)|youtu\.be\/\w|vimeo\.com\/(?:video\/)?\d|loom\.com\/(?:share|embed)\/|wistia\.(?:com|net)\/(?:medias|embed)\/|\.(?:mp4|webm|mov)(?:$|\?)/i;

/** A recorded talk is not a demo of the product. */
const talkWords =
  /\b(talks?|keynote|conference|summit|webinar|meetup|podcast|interview|panel|vortrag|konferenz|conférence|charla|conferencia|palestra)\b/iu;
const demoWords = /\b(demo|tour|walkthrough|in action|how it works|démo|demostración|demonstração|produktvideo)\b/iu;

/** A page whose headings present a talk or an event and no demo: its videos are the talks. */
function isTalkPage(page: CrawledPage): boolean {
  const headings = ownBlocks(page).filter(isHeading);
  return headings.some((h) => talkWords.test(h.text)) && !headings.some((h) => demoWords.test(h.text));
}

/** The first video a page embeds (not one it only links to), home page first; not a recorded talk. */
function demoVideoOf(pages: CrawledPage[]): ProposedValue | null {
  for (const page of pages.filter((p) => !isTalkPage(p))) {
    const embedded = page.media.find((m) => videoPage.test(m) && !page.links.includes(m));
    if (embedded) return quoted(page.url, `video: ${embedded}`, embedded);
  }
  return null;
}

/** Where a mention weighs more: the title, meta tags and the hero heading say what the product is. */
function mentionTexts(page: CrawledPage): { text: string; weight: number }[] {
  const meta = ['description', 'keywords', 'og:title', 'og:description'].filter((k) => page.meta[k]);
  return [
    ...(page.title ? [{ text: `title: ${page.title}`, weight: 2 }] : []),
    ...meta.map((k) => ({ text: `${k}: ${page.meta[k]}`, weight: 2 })),
    ...ownBlocks(page).map((b) => ({ text: b.text, weight: b.tag === 'h1' ? 2 : 1 })),
  ];
}

/** Catalogue categories the site names at least twice (weighted); the most named first, at most 3. */
function categoriesOf(pages: CrawledPage[], categories: string[]): ProposedValue[] {
  const scored = categories.flatMap((name) => {
    const pattern = new RegExp(`\\b${escapeRegExp(name)}\\b`, 'gi');
    let score = 0;
    let first: Located<string> | null = null;
    for (const page of pages) {
      for (const { text, weight } of mentionTexts(page)) {
        const hits = text.match(pattern)?.length ?? 0;
        if (hits && !first) first = { value: text, url: page.url };
        score += hits * weight;
      }
    }
    return first && score >= 2 ? [{ name, score, first }] : [];
  });
  const top = Math.max(0, ...scored.map((c) => c.score));
  // A category named half as often as the main one is a passing mention.
  return scored
    .filter((c) => c.score * 2 > top)
    .sort((a, b) => b.score - a.score)
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

/** Headings that present what the product does, in the words sites use for it. */
const featureHeading =
  /\bfeatures?\b|\bwhat (?:\S+ )?(?:does|can do)\b|\bwhat you (?:get|can do)\b|\bwhat'?s included\b|\beverything (?:you need|in the box|included)\b|\btoolkit\b|\bcapabilities\b|\bhighlights\b|\binside\b|\bin the box\b|\bhow it works\b|fonctionnalités|ce que vous obtenez|funktionen|das bekommen sie|was sie bekommen|características|funciones|lo que incluye|todo lo que necesitas|funcionalidades|recursos|o que inclui|funções|funzionalità|funzioni|cosa (?:fa|include|misura)|functies|mogelijkheden|wat je krijgt|inbegrepen|inclus|incluido|incluso|incluído/iu;
/** Headings whose lists are something else: reasons to buy, prices, questions, people, customers. */
const notFeatureHeading =
  /\bwhy\b|benefits|advantages|pourquoi|warum|por qué|porque|perché|waarom|pric|prix|plans?\b|tarif|preise|precios|preços|prezzi|prijzen|faq|questions?|fragen|preguntas|domande|vragen|perguntas|team|équipe|equipo|equipa|people|customers?|kunden|clients|clientes|clienti|klanten|testimonials?|trusted|press|contact|kontakt|contatti|careers|jobs|about|über uns|chi siamo|over ons|sobre|integrations? with/iu;
const featurePages =
  /feature|fonctionnalit|funktionen|funcionalidades|funciones|recursos|caracteristicas|funzionalit|funzioni|functies|mogelijkheden|product|produkt|produit|producto|prodott|produto/;
const maxFeatureChars = 120;
const money = /[$\u20ac\u00a3]\s?\d|\d\s?(?:€|EUR|USD)/;

/** The list items of a page under headings that are not about prices, people or reasons to buy. */
function featureItems(page: CrawledPage): string[] {
  const items: string[] = [];
  let heading = '';
  for (const block of ownBlocks(page)) {
    if (isHeading(block)) heading = block.tag === 'h1' ? '' : block.text;
    else if (
      block.tag === 'li' &&
      !notFeatureHeading.test(heading) &&
      block.text.length <= maxFeatureChars &&
      !money.test(block.text)
    )
      items.push(block.text);
  }
  return items;
}

/**
 * The features page's list; else the list under a features heading ("What you get", "Funktionen",
 * "Lo que incluye"...); else the home page's first list of three or more short items under a
 * heading that is not about prices, people or reasons to buy.
 */
function featuresOf(pages: CrawledPage[]): ProposedValue[] {
  const fromPages = pagesAt(pages, featurePages)
    .filter((p) => p !== pages[0])
    .flatMap((p) => featureItems(p).map((i) => quoted(p.url, i, i)));
  if (fromPages.length) return fromPages;
  const underHeading = pages.flatMap((p) => itemsUnderHeading(p, featureHeading).map((i) => quoted(p.url, i, i)));
  if (underHeading.length) return underHeading;
  const home = pages[0];
  const lists = blocksUnderH2s(home).filter((list) => list.length >= 3);
  if (lists.length) return lists[0].map((i) => quoted(home.url, i, i));
  return pages.flatMap((p) => gridUnderHeading(p).map((i) => quoted(p.url, i, i)));
}

/** A grid of feature cards: the card headings under a features heading ("Funktionen" over three h3s). */
function gridUnderHeading(page: CrawledPage): string[] {
  const found: string[] = [];
  let level = 0;
  for (const block of ownBlocks(page).filter(isHeading)) {
    const blockLevel = Number(block.tag[1]);
    if (level && blockLevel <= level) level = 0;
    if (!level && featureHeading.test(block.text)) level = blockLevel;
    else if (level && block.text.length <= maxFeatureChars) found.push(block.text);
  }
  return found.length >= 3 ? found : [];
}

/** The home page's lists, one per h2/h3 section that is not about prices, people or reasons to buy. */
function blocksUnderH2s(page: CrawledPage): string[][] {
  const lists: string[][] = [];
  let current: string[] | null = null;
  for (const block of ownBlocks(page)) {
    if (isHeading(block)) {
      current = /^h[23]$/.test(block.tag) && !notFeatureHeading.test(block.text) ? [] : null;
      if (current) lists.push(current);
    } else if (current && block.tag === 'li' && block.text.length <= maxFeatureChars && !money.test(block.text))
      current.push(block.text);
  }
  return lists;
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
    const blocks = ownBlocks(page);
    blocks.forEach((block, i) => {
      const next = blocks[i + 1];
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
