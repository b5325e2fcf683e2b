import type { CrawlConfig } from '../config.js';
import { extractPage, type PageExtract } from './extract.js';
import { fetchPolicyFor, guardedFetch, parseHttpUrl, type FetchPolicy } from './guarded-fetch.js';
import { isSameSite, pagePriority, visitKeyOf } from './link-priority.js';
import { lazyRenderer, type PageRenderer } from './renderer.js';
import { loadRobots, type RobotsRules } from './robots.js';
import { CrawlError, type CrawlFailure, type CrawledPage, type CrawlOutcome, type Crawler, type CrawlProgress } from './types.js';

/** Below this much visible text, a page that has scripts is rendered in the browser. */
const minPlainText = 200;

export function createCrawler(config: CrawlConfig): Crawler {
  const policy = fetchPolicyFor(config);
  return {
    async crawl(request, onProgress) {
      const renderer = lazyRenderer(config, policy);
      try {
        return await crawlSite(request.url, config, policy, renderer, onProgress);
      } finally {
        await renderer?.close();
      }
    },
  };
}

async function crawlSite(
  startUrl: string,
  config: CrawlConfig,
  policy: FetchPolicy,
  renderer: PageRenderer | null,
  onProgress?: (progress: CrawlProgress) => void | Promise<void>,
): Promise<CrawlOutcome> {
  const deadline = Date.now() + config.totalTimeoutMs;
  const robotsByOrigin = new Map<string, Promise<RobotsRules>>();
  const robotsFor = (url: URL) => {
    if (!robotsByOrigin.has(url.origin))
      robotsByOrigin.set(
        url.origin,
        loadRobots(url.origin, policy.userAgent, (u) => guardedFetch(u, policy)),
      );
    return robotsByOrigin.get(url.origin)!;
  };

  let start: URL;
  let home: CrawledPage;
  try {
    start = parseHttpUrl(startUrl);
    if (!(await robotsFor(start)).allows(start.href)) {
      const everything = !(await robotsFor(start)).allows(new URL('/', start).href);
      throw new CrawlError(
        'robots_forbidden',
        `robots.txt of ${start.origin} forbids ${policy.userAgent} to read ${everything ? 'the site' : start.href}`,
      );
    }
    home = await readPage(start, start, policy, renderer, robotsFor);
  } catch (error) {
    return { ok: false, failure: failureOf(error, startUrl) };
  }

  const site = new URL(home.url);
  const pages: CrawledPage[] = [home];
  const skipped: CrawlFailure[] = [];
  const seen = new Set([visitKeyOf(start), visitKeyOf(site)]);
  const queue: { url: URL; priority: number; order: number }[] = [];
  const enqueue = (page: CrawledPage) => {
    for (const link of page.links) {
      const url = new URL(link);
      const priority = pagePriority(url);
      if (priority === null || !isSameSite(url, site) || seen.has(visitKeyOf(url))) continue;
      seen.add(visitKeyOf(url));
      queue.push({ url, priority, order: queue.length + pages.length });
    }
    queue.sort((a, b) => a.priority - b.priority || a.order - b.order);
  };
  const report = () =>
    onProgress?.({ pagesFetched: pages.length, pagesPlanned: Math.min(config.pageBudget, pages.length + queue.length) });

  enqueue(home);
  await report();
  while (pages.length < config.pageBudget && queue.length > 0) {
    const next = queue.shift()!;
    if (Date.now() > deadline) {
      skipped.push({ reason: 'timeout', message: `the crawl reached its ${config.totalTimeoutMs} ms limit`, url: next.url.href });
      continue;
    }
    try {
      if (!(await robotsFor(next.url)).allows(next.url.href))
        throw new CrawlError('robots_forbidden', `robots.txt forbids ${next.url.href}`);
      const page = await readPage(next.url, site, policy, renderer, robotsFor);
      // Two links can redirect to one page; it is kept once.
      const key = visitKeyOf(new URL(page.url));
      if (!pages.some((p) => visitKeyOf(new URL(p.url)) === key)) {
        seen.add(key);
        pages.push(page);
        enqueue(page);
      }
    } catch (error) {
      skipped.push(failureOf(error, next.url.href));
    }
    await report();
  }
  return { ok: true, startUrl: home.url, pages, skipped };
}

/** One page: plain HTTP first, the browser when the plain HTML is a script-only shell. */
async function readPage(
  url: URL,
  site: URL,
  policy: FetchPolicy,
  renderer: PageRenderer | null,
  robotsFor: (url: URL) => Promise<RobotsRules>,
): Promise<CrawledPage> {
  const response = await guardedFetch(url.href, policy);
  const finalUrl = new URL(response.url);
  if (!isSameSite(finalUrl, site)) throw new CrawlError('off_site', `${url.href} redirects off the site to ${finalUrl.href}`);
  if (!(await robotsFor(finalUrl)).allows(finalUrl.href))
    throw new CrawlError('robots_forbidden', `robots.txt forbids ${finalUrl.href}`);
  if (response.status >= 400) throw new CrawlError('http_error', `${response.url} answered HTTP ${response.status}`);
  const type = response.headers['content-type'] ?? 'text/html';
  if (!/text\/html|application\/xhtml\+xml/i.test(type))
    throw new CrawlError('not_html', `${response.url} is ${type.split(';')[0]}, not a web page`);
  const html = decode(response.body, type);
  let extract: PageExtract = extractPage(html, response.url);
  let rendered = false;
  let pageUrl = response.url;
  if (renderer && extract.text.length < minPlainText && /<script\b/i.test(html)) {
    const result = await renderer.render(response.url, html);
    extract = extractPage(result.html, result.url);
    pageUrl = result.url;
    rendered = true;
  }
  return { url: pageUrl, status: response.status, renderedWithBrowser: rendered, ...extract };
}

function decode(body: Buffer, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function failureOf(error: unknown, url: string): CrawlFailure {
  if (error instanceof CrawlError) return { reason: error.reason, message: error.message, url };
  return { reason: 'connection_error', message: `${url} could not be read: ${(error as Error).message}`, url };
}
