import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { TestApp } from '../support/app.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/**
 * axe-core's violations of the page as it stands, of every impact (empty when clean). The engine
 * is evaluated through the browser's debugging channel, so the pages' CSP stays as served.
 */
export async function axeViolations(page: Page, impacts?: readonly string[]): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)`);
  return (violations as AxeViolation[])
    .filter((v) => !impacts || impacts.includes(v.impact ?? ''))
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/** axe-core's serious and critical violations of the page as it stands (empty when clean). */
export function seriousAxeViolations(page: Page): Promise<string[]> {
  return axeViolations(page, ['serious', 'critical']);
}

/**
 * axe-core at phone and desktop width, for a test that checks many pages: `check` runs it on the
 * page as it stands at each width and keeps what it finds in `found`, which the test asserts
 * empty at the end, so one page's findings do not hide the next page's.
 */
export function accessibilityAtBothWidths(): {
  found: Record<string, string[]>;
  check: (page: Page, label: string) => Promise<void>;
} {
  const found: Record<string, string[]> = {};
  return {
    found,
    async check(page, label) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        const violations = await axeViolations(page);
        if (violations.length) found[`${label} at ${width} px`] = violations;
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    },
  };
}

/** Signs in from the sign-in page the browser is on: asks for the link, opens it from the outbox, confirms. */
export async function signInFromForm(page: Page, app: TestApp, email: string): Promise<void> {
  await page.fill('input[name=email]', email);
  await page.click('button:has-text("Email me a sign-in link")');
  await page.waitForSelector('text=Check your email');
  await page.goto(`${app.url}/dev/mail?to=${encodeURIComponent(email)}`);
  await page.click('article.mail a[href*="/sign-in/link"]');
  await page.click(`button:has-text("Sign in as ${email}")`);
}
