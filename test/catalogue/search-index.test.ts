import pg from 'pg';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { SearchIndex } from '../../src/catalogue/search-index/search-index.js';
import { addCategory, addListing, addVotes, sql } from './fixtures.js';

/**
 * Search answers from each api process's in-memory index; these tests change listings behind its
 * back (plain SQL, as another process would) and expect the next search to see every change that
 * committed before it, as the SQL search did.
 */
describe('search index freshness', () => {
  let app: TestApp;
  const slugsFor = async (query: string) =>
    (await request<{ items: Array<{ slug: string }>; total: number }>(`${app.api}/listings?${query}`)).body.items.map(
      (i) => i.slug,
    );

  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    await addListing(app, { slug: 'quillpad', name: 'Quillpad', tagline: 'Notes for writers' });
    await addListing(app, { slug: 'quillbox', name: 'Quillbox', tagline: 'Boxes of notes' });
  });
  afterAll(() => app.close());

  it('finds a renamed listing by its new name only', async () => {
    expect(await slugsFor('q=quillpad')).toEqual(['quillpad']);
    await sql(app, `update listing set name = 'Inkwell Pad' where slug = 'quillpad'`);
    expect(await slugsFor('q=inkwell')).toEqual(['quillpad']);
    expect(await slugsFor('q=quillpad')).toEqual([]);
  });

  it('orders by the votes as they are now', async () => {
    const [box] = await sql<{ id: number }>(app, `select id from listing where slug = 'quillbox'`);
    await addVotes(app, box.id, 3);
    expect(await slugsFor('q=notes&sort=votes')).toEqual(['quillbox', 'quillpad']);
    await sql(app, `update listing set vote_count = 0 where slug = 'quillbox'`);
    await sql(app, `update listing set vote_count = 7 where slug = 'quillpad'`);
    expect(await slugsFor('q=notes&sort=votes')).toEqual(['quillpad', 'quillbox']);
  });

  it('sees a rename and a counter in one statement, each copied as it needs', async () => {
    await addListing(app, { slug: 'mixpad', name: 'Mixpad', tagline: 'Mixed notes' });
    await addListing(app, { slug: 'mixbox', name: 'Mixbox', tagline: 'Mixed boxes' });
    expect(await slugsFor('q=mixed&sort=votes')).toEqual(['mixpad', 'mixbox']);
    await sql(
      app,
      `update listing set vote_count = vote_count + case when slug = 'mixbox' then 5 else 0 end,
         name = case when slug = 'mixpad' then 'Blendpad' else name end where slug in ('mixpad', 'mixbox')`,
    );
    expect(await slugsFor('q=mixed&sort=votes')).toEqual(['mixbox', 'mixpad']);
    expect(await slugsFor('q=blendpad')).toEqual(['mixpad']);
    const rows = await sql<{ slug: string; vote_count: number; name_key: string }>(
      app,
      `select l.slug, s.vote_count, s.name_key from search_listing s join listing l using (id) where l.slug like 'mix%' order by l.slug`,
    );
    expect(rows).toEqual([
      { slug: 'mixbox', vote_count: 5, name_key: 'mixbox' },
      { slug: 'mixpad', vote_count: 0, name_key: 'blendpad' },
    ]);
  });

  // The update names only the tagline: search sees it through the generated vectors.
  it('finds a listing by a new tagline, and sorts by followers as they are now', async () => {
    await addListing(app, { slug: 'tagpad', name: 'Tagpad', tagline: 'Plain words' });
    await addListing(app, { slug: 'tagbox', name: 'Tagbox', tagline: 'Plain boxes' });
    await sql(app, `update listing set tagline = 'Zebrawords galore' where slug = 'tagpad'`);
    expect(await slugsFor('q=zebrawords')).toEqual(['tagpad']);
    const [copy] = await sql<{ words: string[] }>(
      app,
      `select tsvector_to_array(s.title_vector) as words from search_listing s join listing l using (id) where l.slug = 'tagpad'`,
    );
    expect(copy.words).toContain('zebrawords');
    await sql(app, `update listing set follower_count = 2 where slug = 'tagbox'`);
    expect(await slugsFor('q=tag&sort=most_followed')).toEqual(['tagbox', 'tagpad']);
    await sql(app, `update listing set follower_count = 4 where slug = 'tagpad'`);
    expect(await slugsFor('q=tag&sort=most_followed')).toEqual(['tagpad', 'tagbox']);
  });

  it('drops a listing that left the catalogue or was deleted', async () => {
    const id = await addListing(app, { slug: 'quillgone', name: 'Quillgone', tagline: 'Soon gone' });
    expect(await slugsFor('q=quillgone')).toEqual(['quillgone']);
    await sql(app, `update listing set status = 'archived' where id = ?`, [id]);
    expect(await slugsFor('q=quillgone')).toEqual([]);
    await sql(app, `update listing set status = 'live' where id = ?`, [id]);
    expect(await slugsFor('q=quillgone')).toEqual(['quillgone']);
    await sql(app, `delete from listing where id = ?`, [id]);
    expect(await slugsFor('q=quillgone')).toEqual([]);
  });

  it("shows a category's name as it is now", async () => {
    await addCategory(app, 'writing', 'Writing');
    await addListing(app, { slug: 'penworks', name: 'Penworks', categories: ['writing'] });
    const category = async () =>
      (await request(`${app.api}/listings?q=penworks`)).body.items[0].primary_category as { slug: string; name: string };
    expect(await category()).toEqual({ slug: 'writing', name: 'Writing' });
    await sql(app, `update category set name = 'Writing tools' where slug = 'writing'`);
    expect(await category()).toEqual({ slug: 'writing', name: 'Writing tools' });
  });

  it('sees a write whose transaction was still open when the index last looked', async () => {
    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(`update listing set tagline = 'Paper for poets' where slug = 'quillbox'`);
      // The index looks while the transaction is open: not committed, not seen.
      expect(await slugsFor('q=poets')).toEqual([]);
      // Another write commits meanwhile, so the index's snapshot moves past the open one.
      await sql(app, `update listing set view_count = view_count + 1 where slug = 'quillpad'`);
      expect(await slugsFor('q=quill')).toEqual(['quillbox']);
      await client.query('commit');
      expect(await slugsFor('q=poets')).toEqual(['quillbox']);
    } finally {
      await client.end();
    }
  });

  it('reads the listings afresh when more changed than one look applies, and finds them as changed', async () => {
    const index = new SearchIndex(app.deps.readPool, 2);
    const query = (word: string) => ({
      siteId: app.deps.site.id,
      groups: [[word]],
      every: true,
      phrase: word,
      status: 'live' as const,
      afterDay: 0,
      sort: 'relevance' as const,
      offset: 0,
      limit: 10,
      nowSeconds: Date.now() / 1000,
    });
    const first = await index.current();
    await sql(app, `update listing set tagline = 'Bulkword notes' where slug = 'quillbox'`);
    const looked = await index.current();
    expect(looked).toBe(first);
    const [box] = await sql<{ id: number }>(app, `select id from listing where slug = 'quillbox'`);
    expect(looked.search(query('bulkword')).ids).toEqual([box.id]);

    await sql(app, `update listing set tagline = tagline || ' Massword'`);
    const [{ count }] = await sql<{ count: number }>(app, `select count(*)::int as count from search_listing`);
    expect(count).toBeGreaterThan(2);
    const reloaded = await index.current();
    expect(reloaded).not.toBe(first);
    expect(reloaded.size).toBe(count);
    expect(reloaded.search(query('massword')).total).toBe(
      (await sql<{ n: number }>(app, `select count(*)::int as n from listing where status = 'live'`))[0].n,
    );
  });
});
