import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { CrawlConfig } from '../config.js';
import { launchChromium } from './chromium.js';
import { guardedFetch, type FetchPolicy } from './guarded-fetch.js';
import { CrawlError } from './types.js';

/**
 * Renders JavaScript pages in the system Chromium, sandboxed (src/crawl/chromium.ts). The browser
 * never touches the network itself: every request is intercepted and answered through
 * `guardedFetch` (the same SSRF guard, address pinning and size limits as plain pages), its own
 * DNS is switched off, and WebSockets are never connected.
 */
export interface PageRenderer {
  render(url: string, html: string): Promise<{ url: string; html: string }>;
  close(): Promise<void>;
}

const launchArgs = ['--host-resolver-rules=MAP * ~NOTFOUND'];
const skippedResources = new Set(['image', 'media', 'font']);
const maxRequestsPerPage = 60;
const droppedRequestHeaders = new Set(['accept-encoding', 'host', 'connection']);
const droppedResponseHeaders = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection']);

/** A renderer that starts Chromium on first use; null when no Chromium is installed. */
export function lazyRenderer(config: CrawlConfig, policy: FetchPolicy): PageRenderer | null {
  const path = config.chromiumPath;
  if (!path || !existsSync(path)) return null;
  let browser: Promise<Browser> | null = null;
  return {
    async render(url, html) {
      browser ??= launchChromium({ path, user: config.chromiumUser, timeoutMs: policy.timeoutMs * 3 }, launchArgs);
      return renderIn(await browser, url, html, policy);
    },
    async close() {
      if (browser) await (await browser.catch(() => null))?.close();
    },
  };
}

async function renderIn(
  browser: Browser,
  url: string,
  html: string,
  policy: FetchPolicy,
): Promise<{ url: string; html: string }> {
  const context = await browser.newContext({ userAgent: policy.userAgent, serviceWorkers: 'block', acceptDownloads: false });
  try {
    let requests = 0;
    let documentServed = false;
    await context.routeWebSocket(/.*/, (ws) => ws.close({ code: 1008, reason: 'not allowed' }));
    await context.route('**/*', async (route) => {
      const request = route.request();
      if (skippedResources.has(request.resourceType()) || ++requests > maxRequestsPerPage) return route.abort('blockedbyclient');
      // The document itself was already fetched through the guard; serve that copy.
      if (!documentServed && request.isNavigationRequest() && request.url() === url) {
        documentServed = true;
        return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
      }
      try {
        const headers = Object.fromEntries(Object.entries(request.headers()).filter(([k]) => !droppedRequestHeaders.has(k)));
        const response = await guardedFetch(request.url(), policy, {
          method: request.method(),
          headers,
          body: request.postDataBuffer() ?? undefined,
          followRedirects: false,
        });
        const responseHeaders = Object.fromEntries(
          Object.entries(response.headers).filter(([k]) => !droppedResponseHeaders.has(k)),
        );
        await route.fulfill({ status: response.status, headers: responseHeaders, body: response.body });
      } catch (error) {
        await route.abort(error instanceof CrawlError && error.reason === 'refused_address' ? 'blockedbyclient' : 'failed');
      }
    });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load', timeout: policy.timeoutMs });
    // Client-side apps often fetch their content after load; a short quiet period lets it land.
    await page.waitForLoadState('networkidle', { timeout: Math.min(3000, policy.timeoutMs) }).catch(() => undefined);
    return { url: page.url(), html: await page.content() };
  } catch (error) {
    throw error instanceof CrawlError
      ? error
      : new CrawlError('timeout', `${url} could not be rendered: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    await context.close().catch(() => undefined);
  }
}
