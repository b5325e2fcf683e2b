import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { generateListings } from '../../src/seed/generate.js';
import { catalogueIsEmpty, seedCatalogue, seedEmptyCatalogue } from '../../src/seed/catalogue.js';
import { createLogger } from '../../src/logger.js';
import { copyInto, pgArray } from '../../src/seed/copy.js';
import { query, sql as statement } from '../../src/platform/sql.js';
import { sql } from './fixtures.js';
import { discountReasons } from '../../src/domain/vote-rules.js';

describe('seed', () => {
  let app: TestApp;
  const now = new Date();
  let schemaBefore: string[];
  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    schemaBefore = await schema(app);
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
  });

  it('leaves every counter as the triggers would have, and every trigger, index and key as it was', async () => {
    // The seed loads signals with their triggers off and sets the counters itself: recount them.
    const counters = `select l.id, l.vote_count, ${discountReasons.map((r) => `l.votes_${r}`).join(', ')}, l.follower_count,
      l.domain_rating, l.domain_rating_on, l.monthly_revenue_cents, l.revenue_month, l.billboard_cents from listing l order by l.id`;
    const recount = `select l.id,
        (select count(*) from vote v where v.listing_id = l.id and v.discount_reason is null)::int as vote_count,
        ${discountReasons.map((r) => `(select count(*) from vote v where v.listing_id = l.id and v.discount_reason = '${r}')::int as votes_${r}`).join(',\n')},
        (select count(*) from follow f where f.listing_id = l.id)::int as follower_count,
        (select value from domain_rating_snapshot d where d.listing_id = l.id order by measured_on desc limit 1) as domain_rating,
        (select max(measured_on) from domain_rating_snapshot d where d.listing_id = l.id) as domain_rating_on,
        (select amount_cents from revenue_figure r where r.listing_id = l.id order by month desc limit 1) as monthly_revenue_cents,
        (select max(month) from revenue_figure r where r.listing_id = l.id) as revenue_month,
        (select coalesce(sum(amount_cents), 0) from billboard_contribution b where b.listing_id = l.id) as billboard_cents
      from listing l order by l.id`;
    const seeded = await sql<Record<string, unknown>>(app, counters);
    expect(seeded).toEqual(await sql(app, recount));
    expect(seeded.filter((l) => Number(l.vote_count) > 0).length).toBeGreaterThan(100);
    for (const column of ['follower_count', 'domain_rating', 'monthly_revenue_cents', 'billboard_cents'])
      expect(seeded.some((l) => Number(l[column]) > 0)).toBe(true);
    // The search copy and the listing documents follow the counters.
    const [{ stale }] = await sql<{ stale: string }>(
      app,
      `select count(*) as stale from listing l left join search_listing s using (id) left join listing_document d on d.listing_id = l.id
       where s.vote_count is distinct from l.vote_count or s.follower_count is distinct from l.follower_count or d.live_body is not null`,
    );
    expect(Number(stale)).toBe(0);
    expect(await schema(app)).toEqual(schemaBefore);
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

/** Every index, constraint and trigger of the public tables, with whether the trigger is enabled. */
async function schema(app: TestApp): Promise<string[]> {
  const rows = await sql<{ line: string }>(
    app,
    `select indexdef as line from pg_indexes where schemaname = 'public'
     union all select conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where connamespace = 'public'::regnamespace
     union all select tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text from pg_trigger where not tgisinternal
     order by 1`,
  );
  return rows.map((r) => r.line);
}
