import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../logger.js';
import { addWeeks, mondayOf } from '../domain/weeks.js';
import { categoryFaqs, seedCategories } from './categories.js';
import { generateListings, weeksBack, type SeedFounder, type SeedListing } from './generate.js';
import { demoBlogPosts } from './blog-posts.js';
import { interviewQuestions } from './vocabulary.js';
import { writeWeeklyAwards } from '../catalogue/awards.js';
import { query, sql } from '../platform/sql.js';
import { addInterviewQuestions } from '../catalogue/interview-questions.js';
import { seedSignals } from './signals.js';

export interface SeedOptions {
  listings: number;
  now: Date;
  seed?: number;
  batchSize?: number;
  onProgress?: (done: number) => void;
}

/** The demo people who vote, follow and review; a prime count spreads votes without repeats. */
export const demoUsers = 3001;

export async function catalogueIsEmpty(em: EntityManager, siteId: number): Promise<boolean> {
  const [row] = await query(em, sql<{ any: boolean }>`select exists (select 1 from listing where site_id = ${siteId}) as any`);
  return !row.any;
}

/**
 * Fills a site with a deterministic demo catalogue in bulk statements: categories, demo people,
 * listings with founders, then votes, follows, reviews, metrics, updates, awards, blog posts and
 * interview questions. Runs in one transaction.
 */
export async function seedCatalogue(em: EntityManager, siteId: number, opts: SeedOptions): Promise<{ listings: number }> {
  const batchSize = opts.batchSize ?? 2000;
  await em.transactional(async (tx) => {
    await seedCategoryTree(tx, siteId);
    await query(
      tx,
      // Accounts older than the votes seeded for them, which the vote rules would otherwise discount.
      sql`insert into app_user (email, name, created_at) select 'demo-' || g || '@users.example', 'Demo user ' || g, now() - interval '2 years'
        from generate_series(1, ${demoUsers}) g on conflict do nothing`,
    );
    await query(
      tx,
      sql`create temp table seed_user on commit drop as
      select (row_number() over (order by id) - 1)::int as n, id from app_user where email like 'demo-%@users.example'`,
    );
    await query(tx, sql`alter table seed_user add primary key (n)`);
    await query(tx, sql`create temp table seed_target (listing_id int primary key, votes int, followers int) on commit drop`);

    let batch: SeedListing[] = [];
    let done = 0;
    for (const listing of generateListings(opts.listings, opts.now, opts.seed)) {
      batch.push(listing);
      if (batch.length === batchSize) {
        await insertListings(tx, siteId, batch);
        done += batch.length;
        opts.onProgress?.(done);
        batch = [];
      }
    }
    if (batch.length) await insertListings(tx, siteId, batch);
    await query(
      tx,
      sql`update listing l set company_id = c.id from company c where c.domain = l.domain and l.site_id = ${siteId} and l.company_id is null`,
    );
    await seedSignals(tx, siteId, opts.now, demoUsers);

    const thisMonday = mondayOf(opts.now);
    for (let w = 1; w <= weeksBack(opts.listings); w++) await writeWeeklyAwards(tx, siteId, addWeeks(thisMonday, -w));
    await seedBlog(tx, siteId, opts.now);
    await addInterviewQuestions(tx, siteId, interviewQuestions);
  });
  // Seeding rewrites each listing row once per kind of signal (counters, company), leaving the
  // tables several times larger than their rows, unlike a database grown over time: compact them
  // as after a restore. Then statistics and visibility maps for every table, which the planner
  // needs, and which would otherwise keep autovacuum busy for minutes after a large seed.
  await query(em, sql`vacuum (full) listing, search_listing`);
  await query(em, sql`vacuum (analyze)`);
  return { listings: opts.listings };
}

async function seedCategoryTree(em: EntityManager, siteId: number): Promise<void> {
  const rows = seedCategories.flatMap((c, i) => [
    { slug: c.slug, name: c.name, description: c.description, faqs: categoryFaqs(c.name), position: i, parent: null },
    ...c.subcategories.map((s, j) => ({
      slug: s.slug,
      name: s.name,
      description: `${s.name} products: ${s.nouns.join(', ')}.`,
      faqs: categoryFaqs(s.name),
      position: j,
      parent: c.slug,
    })),
  ]);
  // Parents first, then children pointing at them; an existing slug is left alone.
  for (const level of [rows.filter((r) => !r.parent), rows.filter((r) => r.parent)]) {
    await query(
      em,
      sql`insert into category (site_id, parent_id, slug, name, description, faqs, position)
       select ${siteId}, (select id from category p where p.site_id = ${siteId} and p.slug = r.parent), r.slug, r.name, r.description, r.faqs, r.position
       from json_to_recordset(${sql.json(level)}::json) as r(slug text, name text, description text, faqs jsonb, position int, parent text)
       on conflict (site_id, slug) do nothing`,
    );
  }
}

/**
 * Bulk SQL for speed, bypassing the entities and the status transitions: each demo listing is
 * written as its lifecycle would have left it (live, scheduled, awaiting its badge...).
 */
async function insertListings(em: EntityManager, siteId: number, batch: SeedListing[]): Promise<void> {
  const rows = batch.map((l, i) => ({
    ...l,
    owner: l.owned ? (l.slug.length * 131 + i * 17) % demoUsers : null,
    founders: undefined,
  }));
  await query(
    em,
    sql`insert into company (name, domain) select r.name, r.domain from json_to_recordset(${sql.json(batch.map((l) => ({ name: l.name, domain: l.domain })))}::json) as r(name text, domain text)`,
  );
  await query(
    em,
    sql`insert into listing (site_id, slug, name, tagline, short_description, description, stage, pricing_model, pricing_summary,
       country, city, founded_year, website_url, domain, logo_url, features, usps, keywords, tags, category_ids, socials, faqs,
       not_found_on_website, plan, unlocked_sections, status, launch_week, launched_at, view_count, owner_id)
     select ${siteId}, r.slug, r.name, r.tagline, r.short_description, r.description, r.stage, r.pricing_model, r.pricing_summary,
       r.country, r.city, r.founded_year, r.website_url, r.domain, r.logo_url, r.features, r.usps, r.keywords, r.tags,
       array(select c.id from unnest(r.categories) with ordinality as u(slug, ord) join category c on c.site_id = ${siteId} and c.slug = u.slug order by u.ord),
       r.socials, r.faqs, r.not_found_on_website, r.plan, r.unlocked_sections, r.status, r.launch_week, r.launched_at, r.view_count,
       (select id from seed_user where n = r.owner)
     from json_to_recordset(${sql.json(rows)}::json) as r(slug text, name text, tagline text, short_description text, description text, stage text,
       pricing_model text, pricing_summary text, country text, city text, founded_year int, website_url text, domain text, logo_url text,
       features text[], usps text[], keywords text[], tags text[], categories text[], socials jsonb, faqs jsonb, not_found_on_website text[],
       plan text, unlocked_sections text[], status text, launch_week date, launched_at timestamptz, view_count int, owner int)`,
  );
  await query(
    em,
    sql`insert into seed_target (listing_id, votes, followers)
     select l.id, r.votes, r.followers from json_to_recordset(${sql.json(batch.map((l) => ({ slug: l.slug, votes: l.votes, followers: l.followers })))}::json) as r(slug text, votes int, followers int)
     join listing l on l.site_id = ${siteId} and l.slug = r.slug`,
  );
  await insertFounders(em, siteId, batch);
}

async function insertFounders(em: EntityManager, siteId: number, batch: SeedListing[]): Promise<void> {
  const founders = new Map<string, SeedFounder>();
  const links: Array<{ listing: string; founder: string; position: number }> = [];
  for (const l of batch) {
    l.founders.forEach((f, position) => {
      founders.set(f.slug, f);
      links.push({ listing: l.slug, founder: f.slug, position });
    });
  }
  await query(
    em,
    sql`insert into founder (site_id, slug, name, title, bio, country, socials)
     select ${siteId}, r.slug, r.name, r.title, r.bio, r.country, r.socials
     from json_to_recordset(${sql.json([...founders.values()])}::json) as r(slug text, name text, title text, bio text, country text, socials jsonb)
     on conflict (site_id, slug) do nothing`,
  );
  await query(
    em,
    sql`insert into listing_founder (listing_id, founder_id, position)
     select l.id, f.id, r.position from json_to_recordset(${sql.json(links)}::json) as r(listing text, founder text, position int)
     join listing l on l.site_id = ${siteId} and l.slug = r.listing join founder f on f.site_id = ${siteId} and f.slug = r.founder`,
  );
}

async function seedBlog(em: EntityManager, siteId: number, now: Date): Promise<void> {
  await query(
    em,
    sql`insert into blog_post (site_id, slug, title, summary, body_markdown, faqs, author, published_at)
     select ${siteId}, r.slug, r.title, r.summary, r.body_markdown, r.faqs, r.author, r.published_at
     from json_to_recordset(${sql.json(demoBlogPosts(now))}::json) as r(slug text, title text, summary text, body_markdown text, faqs jsonb, author text, published_at timestamptz)
     on conflict (site_id, slug) do nothing`,
  );
}

/** `npm start` on an empty database: seed the configured number of listings so the directory looks alive. */
export async function seedEmptyCatalogue(em: EntityManager, siteId: number, listings: number, log: Logger): Promise<void> {
  if (listings === 0 || !(await catalogueIsEmpty(em, siteId))) return;
  log.info({ listings }, 'empty catalogue: seeding demo data (SEED_LISTINGS=0 turns this off)');
  await seedCatalogue(em, siteId, { listings, now: new Date() });
}
