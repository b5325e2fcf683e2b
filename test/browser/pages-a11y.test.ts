import type { Browser, BrowserContext } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { launchBrowser } from '../support/browser.js';
import { request } from '../support/http.js';
import { seedCatalogue } from '../../src/seed/catalogue.js';
import { seriousAxeViolations } from './checks.js';

describe('every public page passes axe-core, light and dark, desktop and phone', () => {
  let app: TestApp;
  let browser: Browser;
  let paths: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startTestApp({ worker: false });
    await seedCatalogue(app.deps.orm.em.fork(), app.deps.site.id, { listings: 40, now: new Date(), seed: 3 });
    const [a, b] = (await request(`${app.api}/listings?sort=votes&per_page=2`)).body.items;
    const founder = (await request(`${app.api}/founders?per_page=1`)).body.items[0].slug;
    const post = (await request(`${app.api}/blog?per_page=1`)).body.items[0].slug;
    const category = (await request(`${app.api}/categories`)).body.items[0].slug;
    paths = [
      '/',
      '/?q=notes',
      `/listings/${a.slug}`,
      `/listings/${a.slug}/alternatives`,
      `/listings/${a.slug}/badges`,
      `/compare?a=${a.slug}&b=${b.slug}`,
      '/compare',
      '/launches',
      '/launches?section=upcoming',
      '/launches/weeks/this',
      '/launches/weeks/next',
      '/awards',
      '/categories',
      `/categories/${category}`,
      '/leaderboards',
      '/leaderboards/community-weekly',
      '/leaderboards/billboard',
      '/founders',
      `/founders/${founder}`,
      '/blog',
      `/blog/${post}`,
      '/updates',
      '/sign-in',
    ];
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const check = async (context: BrowserContext) => {
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    for (const path of paths) {
      const response = await page.goto(`${app.url}${path}`);
      expect({ path, status: response?.status() }).toEqual({ path, status: 200 });
      const violations = await seriousAxeViolations(page);
      if (violations.length) found[path] = violations;
    }
    await context.close();
    return found;
  };

  it('at 1280 px in light mode', async () => {
    expect(await check(await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' }))).toEqual({});
  });

  it('at 390 px in dark mode, without sideways scrolling', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    expect(await check(context)).toEqual({});
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    for (const path of ['/', paths[2], '/launches/weeks/this', '/leaderboards/community-weekly']) {
      await page.goto(`${app.url}${path}`);
      const wide = await page.evaluate('document.documentElement.scrollWidth');
      expect({ path, wide }).toEqual({ path, wide: 390 });
    }
  });

  it('reports a violation when a page has one (the check can fail)', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/`);
    await page.evaluate(`document.querySelector('main').insertAdjacentHTML('beforeend', '<button type="button"></button>')`);
    expect((await seriousAxeViolations(page)).join('\n')).toContain('button-name (critical)');
    await page.close();
  });
});
