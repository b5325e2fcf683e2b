import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './support/browser.js';

/**
 * `npm run screenshots [base URL]`: photographs the home, a listing, this week's launches and the
 * weekly community leaderboard at desktop (1280 px) and phone (390 px) width, into docs/screenshots/.
 * Run it against a running service (`npm start`, seeded by default); the base URL defaults to
 * PUBLIC_URL or http://127.0.0.1:3000.
 */
const base = (process.argv[2] ?? process.env.PUBLIC_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const out = join(import.meta.dirname, '..', 'docs', 'screenshots');

const top = (await (await fetch(`${base}/api/v1/listings?sort=votes&per_page=1`)).json()) as { items: Array<{ slug: string }> };
if (!top.items.length) throw new Error(`${base} lists no live listing: seed it first (npm start seeds an empty catalogue).`);
const pages = {
  home: '/',
  listing: `/listings/${top.items[0].slug}`,
  week: '/launches/weeks/this',
  leaderboard: '/leaderboards/community-weekly',
};

mkdirSync(out, { recursive: true });
const browser = await launchBrowser();
try {
  for (const [width, height] of [
    [1280, 1000],
    [390, 844],
  ]) {
    const context = await browser.newContext({ viewport: { width, height }, colorScheme: 'light' });
    const page = await context.newPage();
    for (const [name, path] of Object.entries(pages)) {
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      const file = join(out, `${name}-${width}.png`);
      await page.screenshot({ path: file });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
