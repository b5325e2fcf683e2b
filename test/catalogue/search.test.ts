import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { addCategory, addListing, addVotes, weeksFromNow } from './fixtures.js';

describe('search_listings', () => {
  let app: TestApp;
  const search = async (query: string) => request(`${app.api}/listings?${query}`);
  const slugs = (body: { items: Array<{ slug: string }> }) => body.items.map((i) => i.slug);

  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    await addCategory(app, 'productivity', 'Productivity');
    await addCategory(app, 'note-taking', 'Note-taking', 'productivity');
    await addCategory(app, 'finance', 'Finance');
    const notion = await addListing(app, {
      slug: 'notion-notes',
      name: 'Notion Notes',
      tagline: 'All-in-one workspace',
      categories: ['note-taking'],
      country: 'US',
      stage: 'launched',
      pricing_model: 'freemium',
      domain: 'notion-notes.example',
    });
    await addVotes(app, notion, 5);
    await addListing(app, {
      slug: 'notionly',
      name: 'Notionly',
      tagline: 'Docs for small teams',
      categories: ['productivity'],
      country: 'DE',
      stage: 'beta',
      pricing_model: 'subscription',
    });
    await addListing(app, {
      slug: 'ledgerly',
      name: 'Ledgerly',
      tagline: 'Invoices without pain',
      description: 'Café-friendly bookkeeping',
      keywords: ['accounting'],
      categories: ['finance'],
      country: 'FR',
    });
    await addListing(app, {
      slug: 'future-notes',
      name: 'Future Notes',
      categories: ['note-taking'],
      status: 'scheduled',
      launch_week: weeksFromNow(2),
    });
    await addListing(app, { slug: 'hidden-draft', name: 'Notion Draft', status: 'draft' });
  });
  afterAll(() => app.close());

  it('finds Notion-like names from the misspelled query "notoin"', async () => {
    const res = await search('q=notoin');
    expect(res.status).toBe(200);
    expect(slugs(res.body)).toEqual(expect.arrayContaining(['notion-notes', 'notionly']));
    expect(slugs(res.body)).not.toContain('hidden-draft');
    expect(res.body.items[0]).toEqual(
      expect.objectContaining({
        name: expect.any(String),
        url: expect.stringContaining('/listings/'),
        votes: expect.any(Number),
      }),
    );
  });

  it('searches tagline, description and keywords, unaccented', async () => {
    expect(slugs((await search('q=invoices')).body)).toEqual(['ledgerly']);
    expect(slugs((await search('q=cafe')).body)).toEqual(['ledgerly']);
    expect(slugs((await search('q=accounting')).body)).toEqual(['ledgerly']);
    expect((await search('q=zzzzqqqq')).body).toEqual({ items: [], page: 1, per_page: 20, total: 0, total_pages: 0 });
  });

  it('browses with an empty query, most voted first by relevance', async () => {
    const res = await search('');
    expect(res.body.total).toBe(3);
    expect(slugs(res.body)[0]).toBe('notion-notes');
  });

  it('filters by a category including its subcategories', async () => {
    expect(slugs((await search('category=productivity')).body).sort()).toEqual(['notion-notes', 'notionly']);
    expect(slugs((await search('category=note-taking')).body)).toEqual(['notion-notes']);
    expect((await search('category=no-such-category')).status).toBe(404);
  });

  it('filters by stage, country, pricing model and domain', async () => {
    expect(slugs((await search('stage=beta')).body)).toEqual(['notionly']);
    expect(slugs((await search('country=de')).body)).toEqual(['notionly']);
    expect(slugs((await search('pricing_model=Freemium')).body)).toEqual(['notion-notes']);
    expect(slugs((await search('domain=www.notion-notes.example')).body)).toEqual(['notion-notes']);
  });

  it('lists upcoming (scheduled for a future week) listings with status=upcoming', async () => {
    expect(slugs((await search('status=upcoming')).body)).toEqual(['future-notes']);
    expect(slugs((await search('status=upcoming&q=notes')).body)).toEqual(['future-notes']);
  });

  it('sorts every way the specification names', async () => {
    for (const sort of ['relevance', 'newest', 'votes', 'trending', 'most_viewed', 'most_followed']) {
      const res = await search(`sort=${sort}`);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(3);
    }
    expect(slugs((await search('sort=votes')).body)[0]).toBe('notion-notes');
  });

  it('paginates', async () => {
    const res = await search('per_page=2&page=2');
    expect(res.body).toEqual(expect.objectContaining({ page: 2, per_page: 2, total: 3, total_pages: 2 }));
    expect(res.body.items).toHaveLength(1);
  });

  it('gives the exact total on a page past the last one', async () => {
    expect((await search('per_page=2&page=5')).body).toEqual({ items: [], page: 5, per_page: 2, total: 3, total_pages: 2 });
    expect((await search('q=notes&sort=votes&page=2')).body).toEqual(
      expect.objectContaining({ items: [], page: 2, total: (await search('q=notes')).body.total }),
    );
  });

  it.each([
    ['page=0'],
    ['page=1001'],
    ['per_page=0'],
    ['per_page=101'],
    [`q=${'a'.repeat(201)}`],
    ['country=USA'],
    ['category=Bad_Slug'],
    ['status=archived'],
    ['sort=random'],
    [`domain=${'a'.repeat(254)}`],
    [`pricing_model=${'a'.repeat(41)}`],
  ])('refuses %s with 400 problem+json', async (query) => {
    const res = await search(query);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.code).toBe('invalid_input');
  });
});
