import type { CrawledPage } from '../crawl/types.js';
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

const headingTag = /^h[1-6]$/;

/** List items that follow a heading matching `heading`, up to the next heading of the same or a higher level. */
export function itemsUnderHeading(page: CrawledPage, heading: RegExp): string[] {
  const items: string[] = [];
  let level = 0;
  for (const block of page.blocks) {
    if (headingTag.test(block.tag)) {
      const blockLevel = Number(block.tag[1]);
      if (level && blockLevel <= level) level = 0;
      if (!level && heading.test(block.text)) level = blockLevel;
    } else if (level && block.tag === 'li') items.push(block.text);
  }
  return items;
}

export function firstBlock(pages: readonly CrawledPage[], pattern: RegExp): Located<string> | null {
  for (const page of pages) {
    const block = page.blocks.find((b) => pattern.test(b.text));
    if (block) return { value: block.text, url: page.url };
  }
  return null;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
