import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './support/browser.js';
import { signInFromForm } from './browser/checks.js';
import { startDraftWorld } from './drafts/support.js';
import { startTestStack } from './support/stack.js';

/**
 * `npm run screenshots:owner`: photographs the founder's pages (submit, the draft editor, a
 * listing's owner page) at 1280 and 390 px into docs/screenshots/. They need a website to draft
 * from, so this starts the test stack with its loopback website and DNS, and walks the journey.
 */
const out = join(import.meta.dirname, '..', 'docs', 'screenshots');
mkdirSync(out, { recursive: true });

await startTestStack();
const dw = await startDraftWorld();
const browser = await launchBrowser();
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 }, colorScheme: 'light' })).newPage();
  const shoot = async (name: string) => {
    await page.evaluate('document.activeElement?.blur()');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 1000 : 844 });
      const file = join(out, `${name}-${width}.png`);
      await page.screenshot({ path: file });
      console.log(file);
    }
    await page.setViewportSize({ width: 1280, height: 1000 });
  };
  const site = `http://static.example.test:${dw.world.sites.port}/`;
  dw.world.dns.set('static.example.test', ['127.0.0.1']);

  await page.goto(`${dw.app.url}/sign-in?return_to=/submit`);
  await signInFromForm(page, dw.app, 'founder@example.test');
  await page.waitForURL(`${dw.app.url}/submit`);
  await page.fill('input[name=url]', site);
  await shoot('owner-submit');

  await page.click('button:has-text("Draft my listing")');
  await page.waitForURL(/\/me\/drafts\/[0-9a-f-]{36}$/);
  await page.waitForSelector('#field-tagline', { timeout: 60_000 });
  await page.locator('#field-name').scrollIntoViewIfNeeded();
  await shoot('owner-draft-editor');

  const draftUrl = page.url();
  await page.fill('#f-founders-0-name', 'Rita Lopes');
  await page.fill('#f-founders-0-title', 'Co-founder and CEO');
  await page.fill('#f-founders-0-bio', 'Rita designed for freelancers for ten years before she started Tallyfox.');
  await page.click('button:has-text("Save the founders")');
  await page.waitForURL(`${draftUrl}#founders-heading`);
  await page.click('button:has-text("Submit the listing")');
  await page.waitForURL(`${draftUrl}/submitted`);
  await page.goto(`${dw.app.url}/me/listings`);
  await page.click('#my-listings a');
  await shoot('owner-listing');
} finally {
  await browser.close();
  await dw.close();
  await (globalThis as { __stopTestStack?: () => Promise<void> }).__stopTestStack?.();
}
