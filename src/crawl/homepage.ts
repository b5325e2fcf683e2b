import type { CrawlConfig } from '../config.js';
import { fetchPolicyFor, guardedFetch, parseHttpUrl } from './guarded-fetch.js';
import { lazyRenderer } from './renderer.js';
import { loadRobots } from './robots.js';
import { CrawlError } from './types.js';

/** A homepage as a visitor's browser ends up with it: the final address and the HTML. */
export interface Homepage {
  url: string;
  html: string;
  renderedWithBrowser: boolean;
}

/** Below this much markup outside scripts, a page with scripts is taken to be built by them. */
const minStaticMarkup = 400;

/**
 * Reads one homepage under the crawler's rules (the same SSRF guard, robots.txt, limits), through
 * Chromium when scripts build the page. The free plan's badge check reads the owner's homepage so.
 */
export async function readHomepage(config: CrawlConfig, url: string): Promise<Homepage> {
  const policy = fetchPolicyFor(config);
  const start = parseHttpUrl(url);
  const robots = await loadRobots(start.origin, policy.userAgent, (u) => guardedFetch(u, policy));
  if (!robots.allows(start.href))
    throw new CrawlError('robots_forbidden', `robots.txt of ${start.origin} forbids reading ${start.href}`);
  const response = await guardedFetch(start.href, policy);
  if (response.status >= 400) throw new CrawlError('http_error', `${response.url} answered HTTP ${response.status}`);
  const html = response.body.toString('utf8');
  const markup = html.replace(/<script\b[\s\S]*?<\/script>/gi, '');
  if (markup.length >= minStaticMarkup || !/<script\b/i.test(html))
    return { url: response.url, html, renderedWithBrowser: false };
  const renderer = lazyRenderer(config, policy);
  if (!renderer) return { url: response.url, html, renderedWithBrowser: false };
  try {
    const rendered = await renderer.render(response.url, html);
    return { url: rendered.url, html: rendered.html, renderedWithBrowser: true };
  } finally {
    await renderer.close();
  }
}
