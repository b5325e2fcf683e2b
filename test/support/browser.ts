import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { loadConfig } from '../../src/config.js';
import { launchChromium } from '../../src/crawl/chromium.js';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless and sandboxed as the crawler starts it; a browser test fails (never skips) when it is missing. */
export function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}: install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH. Browser tests do not skip.`,
    );
  }
  return launchChromium({ path: chromiumPath, user: loadConfig({}).crawl.chromiumUser });
}
