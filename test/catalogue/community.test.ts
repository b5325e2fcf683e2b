import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { addInterviewQuestions } from '../../src/catalogue/interview-questions.js';
import { setProductPrice } from '../../src/catalogue/products.js';
import { upsertBlogPost } from '../../src/catalogue/editorial.js';
import { addListing, sql } from './fixtures.js';

let app: TestApp;
const get = (path: string) => request(`${app.api}${path}`);

beforeAll(async () => {
  app = await startTestApp({ worker: false });
  const live = await addListing(app, { slug: 'zola-maps', name: 'Zola Maps', plan: 'paid' });
  const draft = await addListing(app, { slug: 'secret-draft', name: 'Secret Draft', status: 'draft' });
  await sql(
    app,
    `insert into founder (site_id, slug, name, title, bio, country, socials) values
       (?, 'chloe-dubois', 'Chloé Dubois', 'Founder', 'Maps nerd.', 'FR', '{"x": "https://x.example/chloe"}'),
       (?, 'hidden-founder', 'Hidden Founder', 'Founder', '', 'US', '{}')`,
    [app.deps.site.id, app.deps.site.id],
  );
  await sql(app, `insert into listing_founder (listing_id, founder_id) select ?, id from founder where slug = 'chloe-dubois'`, [
    live,
  ]);
  await sql(app, `insert into listing_founder (listing_id, founder_id) select ?, id from founder where slug = 'hidden-founder'`, [
    draft,
  ]);
  await sql(app, `insert into founder_story (listing_id, sections, published_at) values (?, '{"title": "Why maps"}', now())`, [
    live,
  ]);
  const em = app.deps.orm.em.fork();
  await upsertBlogPost(em, app.deps.site.id, {
    slug: 'old-post',
    title: 'Choosing a category',
    summary: 'Old',
    markdown: '# Choosing\n\nCategories matter.',
    faqs: [],
    publishedAt: new Date('2026-01-01T00:00:00Z'),
  });
  await upsertBlogPost(em, app.deps.site.id, {
    slug: 'new-post',
    title: 'Badges explained',
    summary: 'New',
    markdown: '# Badges\n\nPut the badge on your homepage.',
    faqs: [{ question: 'Is it free?', answer: 'Yes.' }],
    publishedAt: new Date('2026-02-01T00:00:00Z'),
  });
  await upsertBlogPost(em, app.deps.site.id, {
    slug: 'future-post',
    title: 'Not yet',
    summary: '',
    markdown: 'Soon.',
    faqs: [],
    publishedAt: new Date(Date.now() + 86_400_000),
  });
  await addInterviewQuestions(em, app.deps.site.id, ['Why did you start?', 'What is next?', 'Why did you start?']);
});
afterAll(() => app.close());

describe('list_founders', () => {
  it('lists founders of public listings, by unaccented name or near spelling, and by country', async () => {
    const all = await get('/founders');
    expect(all.status).toBe(200);
    expect(all.body.items).toEqual([
      expect.objectContaining({ slug: 'chloe-dubois', url: `${app.url}/founders/chloe-dubois`, listings: 1 }),
    ]);
    expect((await get('/founders?q=chloe')).body.total).toBe(1);
    expect((await get('/founders?q=DUBO')).body.total).toBe(1);
    expect((await get('/founders?q=chloe%20dubos')).body.total).toBe(1);
    expect((await get('/founders?q=zzzz')).body.total).toBe(0);
    expect((await get('/founders?country=fr')).body.total).toBe(1);
    expect((await get('/founders?country=US')).body.total).toBe(0);
    expect((await get(`/founders?q=${'a'.repeat(121)}`)).status).toBe(400);
    expect((await get('/founders?country=FRA')).status).toBe(400);
  });
});

describe('get_founder', () => {
  it('returns bio, socials, companies and published stories', async () => {
    const res = await get('/founders/chloe-dubois');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({ name: 'Chloé Dubois', bio: 'Maps nerd.', socials: { x: 'https://x.example/chloe' } }),
    );
    expect(res.body.companies).toEqual([expect.objectContaining({ slug: 'zola-maps' })]);
    expect(res.body.stories).toEqual([
      expect.objectContaining({ listing: { slug: 'zola-maps', name: 'Zola Maps' }, sections: { title: 'Why maps' } }),
    ]);
    expect((await get('/founders/hidden-founder')).status).toBe(404);
    expect((await get('/founders/Not_A_Slug')).status).toBe(400);
  });
});

describe('list_blog_posts', () => {
  it('lists published posts newest first, best match first with q', async () => {
    const res = await get('/blog');
    expect(res.body.items.map((p: { slug: string }) => p.slug)).toEqual(['new-post', 'old-post']);
    expect((await get('/blog?q=category')).body.items.map((p: { slug: string }) => p.slug)).toEqual(['old-post']);
    expect((await get(`/blog?q=${'a'.repeat(201)}`)).status).toBe(400);
  });
});

describe('paging past the last page', () => {
  it('gives the exact total of founders and blog posts on a page with no items', async () => {
    expect((await get('/founders?page=4&per_page=1')).body).toEqual({
      items: [],
      page: 4,
      per_page: 1,
      total: 1,
      total_pages: 1,
    });
    expect((await get('/founders?q=chloe&country=fr&page=2')).body).toEqual({
      items: [],
      page: 2,
      per_page: 20,
      total: 1,
      total_pages: 1,
    });
    expect((await get('/blog?page=3&per_page=1')).body).toEqual({ items: [], page: 3, per_page: 1, total: 2, total_pages: 2 });
    expect((await get('/blog?q=category&page=2')).body).toEqual({ items: [], page: 2, per_page: 20, total: 1, total_pages: 1 });
  });
});

describe('get_blog_post', () => {
  it('returns the Markdown and FAQs', async () => {
    const res = await get('/blog/new-post');
    expect(res.body).toEqual(
      expect.objectContaining({
        title: 'Badges explained',
        markdown: '# Badges\n\nPut the badge on your homepage.',
        faqs: [{ question: 'Is it free?', answer: 'Yes.' }],
      }),
    );
    expect((await get('/blog/future-post')).status).toBe(404);
    expect((await get('/blog/missing')).status).toBe(404);
  });
});

describe('list_interview_questions', () => {
  it('lists the questions once each, in order', async () => {
    const res = await get('/interview-questions');
    expect(res.body.items).toEqual([
      expect.objectContaining({ question: 'Why did you start?' }),
      expect.objectContaining({ question: 'What is next?' }),
    ]);
    expect(res.body.items[0].id).toBeGreaterThanOrEqual(1);
  });
});

describe('list_products', () => {
  it('lists products with prices in USD cents set by the operator, launch needing a listing', async () => {
    await setProductPrice(app.deps.orm.em.fork(), app.deps.site.id, 'launch', 6900);
    const res = await get('/products');
    expect(res.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'launch', price_cents: 6900, currency: 'USD', needs_listing: true, includes_vat: false }),
      ]),
    );
  });
});

/** The specification's Public table: every one is a GET. */
const publicOperations = [
  ['/site', 'get_site_info'],
  ['/listings', 'search_listings'],
  ['/listings/{slug}', 'get_listing'],
  ['/listings/{slug}/alternatives', 'get_alternatives'],
  ['/compare', 'compare_listings'],
  ['/categories', 'list_categories'],
  ['/categories/{slug}', 'get_category'],
  ['/launches/weeks/{week}', 'get_launch_week'],
  ['/launches', 'list_launches'],
  ['/leaderboards/{board}', 'get_leaderboard'],
  ['/founders', 'list_founders'],
  ['/founders/{slug}', 'get_founder'],
  ['/blog', 'list_blog_posts'],
  ['/blog/{slug}', 'get_blog_post'],
  ['/awards', 'list_awards'],
  ['/listings/{slug}/badges', 'get_badges'],
  ['/interview-questions', 'list_interview_questions'],
  ['/products', 'list_products'],
] as const;

describe('OpenAPI', () => {
  it('documents all 18 public operations of the specification', async () => {
    const doc = (await get('/openapi.json')).body;
    for (const [path, tool] of publicOperations) {
      expect(doc.paths[path]?.get).toEqual(expect.objectContaining({ operationId: tool, security: [{}, { bearer: [] }] }));
      expect(doc.paths[path].get.responses['200']).toBeDefined();
    }
  });
});
