import { loadConfig } from '../../src/config.js';
import { createCrawler } from '../../src/crawl/crawler.js';
import type { CrawledPage } from '../../src/crawl/types.js';
import { draftFieldNames } from '../../src/domain/draft-fields.js';
import { createDrafter, draftProfile, DraftingError } from '../../src/drafting/index.js';
import { startCrawlWorld, type CrawlWorld } from '../support/crawl-world.js';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';

const catalogue = ['Finance', 'Invoicing', 'Productivity'];
let world: CrawlWorld;
let ai: FakeOpenAi;
let pages: CrawledPage[];
const at = (path: string) => world.urlOf('static', path);

beforeAll(async () => {
  world = await startCrawlWorld();
  ai = await startFakeOpenAi();
  const outcome = await createCrawler(world.crawlConfig()).crawl({ url: world.urlOf('static') });
  if (!outcome.ok) throw new Error(outcome.failure.message);
  pages = outcome.pages;
});
afterAll(async () => {
  await ai.close();
  await world.close();
});

const drafter = () => createDrafter(loadConfig({ AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'test-key', AI_MODEL: 'test-model' }));
const blank = Object.fromEntries(
  draftFieldNames.map((f) => [
    f,
    ['categories', 'tags', 'features', 'usps', 'keywords'].includes(f) ? [] : { value: null, evidence: [] },
  ]),
);
const one = (value: string, quote: string, path: string) => ({ value, evidence: [{ quote, url: at(path) }] });

describe('openai drafter', () => {
  it('keeps true values with verified quotes and drops hallucinated ones', async () => {
    ai.answerWith({
      fields: {
        ...blank,
        name: one('Tallyfox', 'Tallyfox | Invoicing for freelancers', ''),
        founded_year: one('2015', 'Tallyfox was founded in 2015', '/about'),
        city: one('Porto', 'founded in 2019 by two freelance designers in Lisbon', '/about'),
        country: one('PT', 'designers in Lisbon,   Portugal', '/about'),
        tagline: one('Get paid on time, every time', 'Get paid on time, every time', '/pricing'),
        contact_email: one('hello@tallyfox.test', 'hello@tallyfox.test', '/contact'),
        features: [
          one('Recurring invoices', 'Recurring invoices', '/features'),
          one('AI bookkeeping', 'AI bookkeeping for freelancers', '/features'),
        ],
        categories: [
          one('invoicing', 'Tallyfox does the invoicing for you', ''),
          one('Crypto', 'Tallyfox does the invoicing for you', ''),
        ],
      },
      faqs: [
        {
          question: 'Can I cancel anytime?',
          answer: 'Yes, you can cancel your subscription at any time from the settings page.',
          url: at('/faq'),
        },
        { question: 'Is there a lifetime deal?', answer: 'Yes, a lifetime licence costs $99.', url: at('/faq') },
      ],
      socials: [
        { platform: 'x', url: 'https://twitter.com/tallyfox', page_url: at('') },
        { platform: 'instagram', url: 'https://instagram.com/tallyfox', page_url: at('') },
      ],
    });
    const profile = await draftProfile(drafter(), { pages, categories: catalogue });

    expect(profile.fields.name).toMatchObject({ value: 'Tallyfox', state: 'ai' });
    expect(profile.fields.country).toMatchObject({
      value: 'PT',
      state: 'ai',
      evidence: [{ quote: 'designers in Lisbon, Portugal', url: at('/about') }],
    });
    expect(profile.fields.contact_email).toMatchObject({ value: 'hello@tallyfox.test', state: 'ai' });
    expect(profile.fields.features).toMatchObject({ value: ['Recurring invoices'], state: 'ai' });
    expect(profile.fields.categories).toMatchObject({ value: ['Invoicing'], state: 'ai' });
    // A made-up quote, a true quote that does not state the value, a quote cited from the wrong page.
    for (const dropped of ['founded_year', 'city', 'tagline'] as const) {
      expect(profile.fields[dropped]).toEqual({ value: null, state: 'not_found', evidence: [] });
    }
    expect(profile.faqs.map((f) => f.question)).toEqual(['Can I cancel anytime?']);
    expect(Object.keys(profile.socials)).toEqual(['x']);
  });

  it('asks the endpoint for every profile field through a strict JSON schema', () => {
    const { headers, body } = ai.requests.at(-1)!;
    expect(headers.authorization).toBe('Bearer test-key');
    expect(body.model).toBe('test-model');
    const format = body.response_format as {
      type: string;
      json_schema: { strict: boolean; schema: { properties: { fields: { required: string[] } } } };
    };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.strict).toBe(true);
    expect(format.json_schema.schema.properties.fields.required).toEqual([...draftFieldNames]);
    expect(JSON.stringify(body.messages)).toContain('Tallyfox was founded in 2019');
  });

  it('asks only for the fields being redrafted', async () => {
    ai.answerWith({ fields: { tagline: blank.tagline }, faqs: [], socials: [] });
    const profile = await draftProfile(drafter(), { pages, categories: catalogue, fields: ['tagline'] });
    expect(Object.keys(profile.fields)).toEqual(['tagline']);
    const format = ai.requests.at(-1)!.body.response_format as {
      json_schema: { schema: { properties: { fields: { required: string[] } } } };
    };
    expect(format.json_schema.schema.properties.fields.required).toEqual(['tagline']);
  });

  it('reports an endpoint failure as a drafting error, not as empty fields', async () => {
    ai.answerWith(null, 500);
    const error = await draftProfile(drafter(), { pages, categories: catalogue }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DraftingError);
    expect((error as DraftingError).reason).toBe('ai_unavailable');
  });
});
