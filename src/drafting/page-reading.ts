import type { CrawledPage, PageBlock } from '../crawl/types.js';
import { graphItems } from '../crawl/extract.js';

/** Small readers over crawled pages that the rules drafter combines. */
export interface Located<T> {
  value: T;
  url: string;
}

export function jsonLdItems(pages: readonly CrawledPage[]): Located<Record<string, unknown>>[] {
  return pages.flatMap((page) => page.jsonLd.flatMap(graphItems).map((value) => ({ value, url: page.url })));
}

export function typeOf(item: Record<string, unknown>): string[] {
  const type = item['@type'];
  return (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === 'string');
}

export function pathOf(page: CrawledPage): string {
  return new URL(page.url).pathname.toLowerCase();
}

export function pagesAt(pages: readonly CrawledPage[], pattern: RegExp): CrawledPage[] {
  return pages.filter((p) => pattern.test(pathOf(p)));
}

/**
 * Pages that speak about someone else or about another time: blog posts, news, customer stories,
 * case studies, press and job ads. A person reading the site does not take the product's own facts
 * (its founding year, city, email, stage) from them.
 */
const otherVoicePages =
  /(^|\/)(blog|news|posts?|articles?|journal|stories|customers?|case-stud(y|ies)|testimonials?|reviews|careers|jobs|press|magazin|aktuelles|neuigkeiten|presse|kunden|referenzen|actualites|clients|temoignages|noticias|prensa|clientes|casos|notizie|stampa|clienti|nieuws|pers|klanten|novidades|imprensa)(\/|[-_.]|$)/;

export function ownPages(pages: readonly CrawledPage[]): CrawledPage[] {
  return pages.filter((p, i) => i === 0 || !otherVoicePages.test(pathOf(p)));
}

/** Blocks in the site's own voice: not a quotation, testimonial or case study. */
export function ownBlocks(page: CrawledPage): PageBlock[] {
  return page.blocks.filter((b) => !b.quoted);
}

const headingTag = /^h[1-6]$/;
export const isHeading = (block: PageBlock) => headingTag.test(block.tag);

/** Own blocks that follow a heading matching `heading`, up to the next heading of the same or a higher level. */
export function blocksUnderHeading(page: CrawledPage, heading: RegExp): PageBlock[] {
  const found: PageBlock[] = [];
  let level = 0;
  for (const block of ownBlocks(page)) {
    if (isHeading(block)) {
      const blockLevel = Number(block.tag[1]);
      if (level && blockLevel <= level) level = 0;
      if (!level && heading.test(block.text)) level = blockLevel;
    } else if (level) found.push(block);
  }
  return found;
}

/** List items that follow a heading matching `heading`. */
export function itemsUnderHeading(page: CrawledPage, heading: RegExp): string[] {
  return blocksUnderHeading(page, heading)
    .filter((b) => b.tag === 'li')
    .map((b) => b.text);
}

export function firstBlock(pages: readonly CrawledPage[], pattern: RegExp): Located<string> | null {
  for (const page of pages) {
    const block = ownBlocks(page).find((b) => pattern.test(b.text));
    if (block) return { value: block.text, url: page.url };
  }
  return null;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
