import { createRequire } from 'node:module';
import type { FetchedResponse } from './guarded-fetch.js';

/**
 * robots.txt for one origin, read the way RFC 9309 says: a 4xx file means no rules, a 5xx (or
 * a missing answer) means everything is disallowed.
 */
// The package is CommonJS with ESM-style typings; require gives the function its types describe.
const robotsParser = createRequire(import.meta.url)('robots-parser') as (
  url: string,
  contents: string,
) => { isAllowed(url: string, userAgent?: string): boolean | undefined };

export interface RobotsRules {
  allows(url: string): boolean;
}

export async function loadRobots(
  origin: string,
  userAgent: string,
  fetch: (url: string) => Promise<FetchedResponse>,
): Promise<RobotsRules> {
  const robotsUrl = new URL('/robots.txt', origin).href;
  const response = await fetch(robotsUrl);
  if (response.status >= 400 && response.status < 500) return { allows: () => true };
  if (response.status >= 500 || response.status < 200 || response.status > 299) return { allows: () => false };
  const robots = robotsParser(robotsUrl, response.body.toString('utf8'));
  return { allows: (url) => robots.isAllowed(url, userAgent) !== false };
}
