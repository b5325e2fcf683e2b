import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { generateListings } from '../../src/seed/generate.js';
import { catalogueIsEmpty, seedCatalogue, seedEmptyCatalogue } from '../../src/seed/catalogue.js';
import { createLogger } from '../../src/logger.js';
import { copyInto, pgArray } from '../../src/seed/copy.js';
import { query, sql as statement } from '../../src/platform/sql.js';
import { sql } from './fixtures.js';

describe('seed', () => {
  let app: TestApp;
  const now = new Date();
  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    await seedCatalogue(app.deps.orm.em.fork(), app.deps.site.id, { listings: 400, now, seed: 7 });
  });
  afterAll(() => app.close());

  it('generates the same catalogue for the same count, date and seed', () => {
    const first = [...generateListings(50, now, 7)];
    expect([...generateListings(50, now, 7)]).toEqual(first);
    expect([...generateListings(50, now, 8)]).not.toEqual(first);
    expect(new Set(first.map((l) => l.slug)).size).toBe(50);
  });

  it('fills every part of the catalogue', async () => {
    const [counts] = await sql<Record<string, string>>(
      app,
      `select (select count(*) from listing) listings, (select count(*) from listing where status = 'live') live,
         (select count(*) from listing where status = 'scheduled' and launch_week > current_date) upcoming,
         (select count(*) from category where parent_id is not null) subcategories, (select count(*) from founder) founders,
         (select count(*) from vote) votes, (select count(*) from review) reviews, (select count(*) from domain_rating_snapshot) dr,
         (select count(*) from revenue_figure) revenue, (select count(*) from billboard_contribution) billboard, (select count(*) from award) awards,
         (select count(*) from blog_post) posts, (select count(*) from interview_question) questions, (select count(*) from milestone) milestones`,
    );
    expect(Number(counts.listings)).toBe(400);
    for (const key of Object.keys(counts)) expect(Number(counts[key])).toBeGreaterThan(0);
    const [{ matches }] = await sql<{ matches: boolean }>(
      app,
      'select bool_and(vote_count = (select count(*) from vote v where v.listing_id = l.id)) as matches from listing l',
    );
    expect(matches).toBe(true);
  });

  it('serves the seeded catalogue through the public operations', async () => {
    const site = (await request(`${app.api}/site`)).body;
    expect(site.counts.live_listings).toBeGreaterThan(300);
    const [{ name }] = await sql<{ name: string }>(
      app,
      `select name from listing where status = 'live' and name ~ '^[A-Za-z]{7,}$' order by id limit 1`,
    );
    const typo = name.slice(0, 2) + name[3] + name[2] + name.slice(4);
    const found = (await request(`${app.api}/listings?q=${encodeURIComponent(typo)}`)).body;
    expect(found.items.map((i: { name: string }) => i.name)).toContain(name);
    expect((await request(`${app.api}/awards`)).body.total).toBeGreaterThan(0);
    expect((await request(`${app.api}/blog`)).body.total).toBe(12);
    expect((await request(`${app.api}/interview-questions`)).body.items).toHaveLength(10);
  });

  it('streams any text through COPY unchanged', async () => {
    const texts = ['tab\there', 'line\nbreak', 'cr\rhere', 'back\\slash', '\\N', 'say "hi", {braces}', 'NULL', ''];
    const rows = await app.deps.orm.em.fork().transactional(async (tx) => {
      await query(tx, statement`create temp table copy_check (n int, t text, a text[], j jsonb) on commit drop`);
      await copyInto(tx, 'copy_check', [
        ...texts.map((t, n) => ({ n, t, a: pgArray([t, ',']), j: JSON.stringify({ t }) })),
        { n: texts.length, t: null, a: pgArray([]), j: null },
      ]);
      return query(tx, statement`select n, t, a, j from copy_check order by n`);
    });
    expect(rows).toEqual([
      ...texts.map((t, n) => ({ n, t, a: [t, ','], j: { t } })),
      { n: texts.length, t: null, a: [], j: null },
    ]);
  });

  it('seeds at start only when the catalogue is empty', async () => {
    expect(await catalogueIsEmpty(app.deps.orm.em.fork(), app.deps.site.id)).toBe(false);
    await seedEmptyCatalogue(app.deps.orm.em.fork(), app.deps.site.id, 50, createLogger({ logLevel: 'silent' }, 'test'));
    const [{ n }] = await sql<{ n: string }>(app, 'select count(*) as n from listing');
    expect(Number(n)).toBe(400);
  });
});
