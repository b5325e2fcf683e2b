import type { CrawledPage } from '../../src/crawl/types.js';

/** A crawled page holding only text, one paragraph per line, for the drafter's reading rules. */
export function textPage(url: string, lines: string[]): CrawledPage {
  return {
    url,
    status: 200,
    renderedWithBrowser: false,
    title: null,
    description: null,
    meta: {},
    jsonLd: [],
    links: [],
    socials: {},
    emails: [],
    media: [],
    logoUrl: null,
    text: lines.join('\n'),
    blocks: lines.map((text) => ({ tag: 'p', text })),
  };
}
