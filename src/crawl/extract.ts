import * as cheerio from 'cheerio';
import { isDocument, isTag, isText, type AnyNode, type Element } from 'domhandler';
import { socialProfilesOf } from '../domain/socials.js';
import type { CrawledPage } from './types.js';

export type PageExtract = Omit<CrawledPage, 'url' | 'status' | 'renderedWithBrowser'>;

const blockTags = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);
const blockSelector = 'h1,h2,h3,h4,h5,h6,p,li,dt,dd,summary,blockquote,figcaption,tr';
/** Other people's words on the page: quotations, testimonials, reviews, case studies. */
const quotingTags = new Set(['blockquote', 'q', 'figure']);
const quotingClass = /(^|[\s_-])(testimonials?|reviews?|case-stud(y|ies)|quotes?|customer-stor(y|ies))([\s_-]|$)/i;
/** The site's own chrome, where its social profiles and logo sit. */
const chromeSelector = 'header,nav,footer';
const invisible =
  'script,style,noscript,template,svg,canvas,iframe,object,[hidden],[aria-hidden="true"],[style*="display:none"],[style*="display: none"]';
const metaNames = /^(description|keywords|author|application-name|og:.+|twitter:.+|article:tag)$/i;
const videoHosts = /(^|\.)(youtube\.com|youtu\.be|vimeo\.com|loom\.com|wistia\.com|wistia\.net)$/i;
const emailInText = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Everything the drafters read from one HTML document. */
export function extractPage(html: string, pageUrl: string): PageExtract {
  const $ = cheerio.load(html);
  const absolute = (href: string | undefined): string | null => {
    if (!href) return null;
    try {
      const url = new URL(href.trim(), pageUrl);
      return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:' ? url.href : null;
    } catch {
      return null;
    }
  };

  const meta: Record<string, string> = {};
  $('meta').each((_, el) => {
    const key = $(el).attr('property') ?? $(el).attr('name');
    const content = squash($(el).attr('content') ?? '');
    if (key && content && metaNames.test(key) && !(key.toLowerCase() in meta)) meta[key.toLowerCase()] = content;
  });

  const jsonLd: unknown[] = [];
  $('script[type="application/ld+json"]').each((_, el) => {
    try {
      jsonLd.push(JSON.parse($(el).text()));
    } catch {
      // A broken block is ignored; the rest of the page still counts.
    }
  });

  // Header, navigation and footer links first: the site's own profiles sit there, quoted people's further in.
  const anchors = [
    ...$(chromeSelector)
      .find('a[href]')
      .filter((_, el) => !isQuoted($, el))
      .get(),
    ...$('a[href]').get(),
  ];
  const hrefs = unique(anchors.map((el) => absolute($(el).attr('href'))));
  const links = hrefs.filter((h) => !h.startsWith('mailto:')).map((h) => h.replace(/#.*$/, ''));
  const media = unique(
    [
      ...$('iframe[src], video[src], video source[src]')
        .map((_, el) => absolute($(el).attr('src')))
        .get(),
      ...(meta['og:video'] ? [absolute(meta['og:video'])] : []),
      ...links,
    ].filter((u): u is string => u !== null && isVideo(u)),
  );
  const logoUrl = logoOf($, jsonLd, absolute);
  const title = squash($('title').first().text()) || null;

  $(invisible).remove();
  const blocks: PageExtract['blocks'] = [];
  $(blockSelector).each((_, el) => {
    // Navigation and footers repeat on every page and state no facts about the product.
    if ($(el).find(blockSelector).length > 0 || $(el).closest('nav,footer').length > 0) return;
    const tag = el.tagName.toLowerCase();
    // A table row reads as its cells in order, as the page's visible text has them.
    const cells =
      tag === 'tr'
        ? $(el)
            .children('td,th')
            .map((_, c) => squash($(c).text()))
            .get()
        : null;
    const text = cells ? squash(cells.join(' ')) : squash($(el).text());
    if (!text) return;
    blocks.push({ tag, text, ...(cells ? { cells } : {}), ...(isQuoted($, el) ? { quoted: true as const } : {}) });
  });
  const text = visibleText($('body').length ? $('body').get() : $.root().get());

  const mailtos = hrefs.filter((h) => h.startsWith('mailto:')).map((h) => decodeURIComponent(h.slice(7).split('?')[0]));
  const emails = unique([...mailtos, ...(text.match(emailInText) ?? [])]);

  return {
    title,
    description: meta['description'] ?? meta['og:description'] ?? null,
    meta,
    jsonLd,
    links,
    emails,
    media,
    logoUrl,
    text,
    blocks,
    socials: socialProfilesOf(links),
  };
}

function visibleText(roots: AnyNode[]): string {
  const parts: string[] = [];
  const walk = (node: AnyNode) => {
    if (isText(node)) parts.push(node.data);
    else if (isTag(node) || isDocument(node)) {
      const isBlock = isTag(node) && blockTags.has(node.tagName.toLowerCase());
      if (isBlock) parts.push('\n');
      for (const child of node.children) walk(child);
      if (isBlock) parts.push('\n');
    }
  };
  roots.forEach(walk);
  return parts.join('').split('\n').map(squash).filter(Boolean).join('\n');
}

function logoOf($: cheerio.CheerioAPI, jsonLd: unknown[], absolute: (href: string | undefined) => string | null): string | null {
  for (const block of jsonLd.flatMap(graphItems)) {
    const logo = (block as { logo?: unknown }).logo;
    const url = typeof logo === 'string' ? logo : (logo as { url?: unknown } | undefined)?.url;
    if (typeof url === 'string' && absolute(url)) return absolute(url);
  }
  const img =
    $('img[src]')
      .filter((_, el) => /logo/i.test([$(el).attr('class'), $(el).attr('id'), $(el).attr('alt'), $(el).attr('src')].join(' ')))
      .first()
      .attr('src') ?? homeLinkImage($);
  const icon = $('link[rel~="apple-touch-icon"]').attr('href') ?? $('link[rel~="icon"]').attr('href');
  return absolute(img) ?? absolute(icon);
}

/** Inside a quotation, or a section whose class names testimonials, reviews or case studies (a "preview" is not a review). */
function isQuoted($: cheerio.CheerioAPI, el: Element): boolean {
  return [el, ...$(el).parents().get()].some(
    (node) => quotingTags.has(node.tagName.toLowerCase()) || quotingClass.test($(node).attr('class') ?? ''),
  );
}

/** The image a header's link to the home page shows: the mark most sites use as their logo. */
function homeLinkImage($: cheerio.CheerioAPI): string | undefined {
  return $('header a[href], a[href][class*="brand" i]')
    .filter((_, el) => /^(\/|\.\/|index\.html?)$/.test($(el).attr('href')?.trim() ?? ''))
    .find('img[src]')
    .first()
    .attr('src');
}

/** A JSON-LD document's items, unwrapping arrays and @graph. */
export function graphItems(block: unknown): Record<string, unknown>[] {
  if (Array.isArray(block)) return block.flatMap(graphItems);
  if (!block || typeof block !== 'object') return [];
  const graph = (block as { '@graph'?: unknown })['@graph'];
  return graph ? graphItems(graph) : [block as Record<string, unknown>];
}

function isVideo(url: string): boolean {
  try {
    const parsed = new URL(url);
    return videoHosts.test(parsed.hostname) ? !/^\/?$/.test(parsed.pathname) : /\.(mp4|webm|mov)$/i.test(parsed.pathname);
  } catch {
    return false;
  }
}

function unique<T>(items: (T | null)[]): T[] {
  return [...new Set(items.filter((i): i is T => i !== null))];
}
