import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCrawler } from '../../src/crawl/crawler.js';
import type { CrawledPage } from '../../src/crawl/types.js';
import { draftFieldNames } from '../../src/domain/draft-fields.js';
import { evidenceTextOf, normaliseForMatch } from '../../src/domain/evidence-text.js';
import { draftProfile } from '../../src/drafting/drafter.js';
import { createRulesDrafter } from '../../src/drafting/rules-drafter.js';
import { startCrawlWorld, type CrawlWorld } from '../support/crawl-world.js';
import { sitesDir } from '../support/site-server.js';

const catalogue = ['Finance', 'Invoicing', 'Developer Tools', 'Productivity', 'Writing', 'Logistics'];

interface Truth {
  rendered: boolean;
  forbidden_paths?: string[];
  fields: Record<string, string | string[] | null>;
  faqs: { question: string; answer: string }[];
  socials: Record<string, string>;
}

let world: CrawlWorld;
beforeAll(async () => {
  world = await startCrawlWorld();
});
afterAll(() => world.close());

describe.each(['static', 'jsrender', 'robots', 'jsonld'])('rules drafter on the %s test site', (site) => {
  const truth = JSON.parse(readFileSync(join(sitesDir, site, 'truth.json'), 'utf8')) as Truth;
  let pages: CrawledPage[];

  beforeAll(async () => {
    const outcome = await createCrawler(world.crawlConfig()).crawl({ url: world.urlOf(site) });
    if (!outcome.ok) throw new Error(`crawl failed: ${outcome.failure.message}`);
    pages = outcome.pages;
  });

  const withOrigin = (value: unknown) =>
    JSON.parse(JSON.stringify(value).replaceAll('{origin}', new URL(world.urlOf(site)).origin));

  it('drafts exactly the facts of the ground truth, each with a quote found on the cited page', async () => {
    const profile = await draftProfile(createRulesDrafter(), { pages, categories: catalogue });
    const texts = new Map(pages.map((p) => [p.url, evidenceTextOf(p)]));
    for (const name of draftFieldNames) {
      const expected = withOrigin(truth.fields[name] ?? null);
      const field = profile.fields[name];
      expect({ name, value: field.value }).toEqual({ name, value: expected });
      if (expected === null) {
        expect({ name, state: field.state, evidence: field.evidence }).toEqual({ name, state: 'not_found', evidence: [] });
      } else {
        expect({ name, state: field.state }).toEqual({ name, state: 'ai' });
        expect(field.evidence.length).toBeGreaterThan(0);
        for (const { quote, url } of field.evidence) expect(texts.get(url)).toContain(normaliseForMatch(quote));
      }
    }
    expect(profile.faqs.map(({ question, answer }) => ({ question, answer }))).toEqual(truth.faqs);
    expect(Object.fromEntries(Object.entries(profile.socials).map(([k, v]) => [k, v.url]))).toEqual(truth.socials);
  });

  it(`reads the pages ${truth.rendered ? 'in the browser' : 'as plain HTML'}`, () => {
    expect(pages[0].renderedWithBrowser).toBe(truth.rendered);
  });

  it('never requests a page robots.txt forbids', () => {
    for (const path of truth.forbidden_paths ?? []) {
      expect(world.sites.hits).not.toContain(`${site}.test${path}`);
    }
  });
});
