import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../logger.js';
import { addWeeks, mondayOf } from '../domain/weeks.js';
import { categoryFaqs, seedCategories } from './categories.js';
import { generateListings, weeksBack } from './generate.js';
import { copyInto, pgArray, type CopyValue } from './copy.js';
import { demoBlogPosts } from './blog-posts.js';
import { interviewQuestions } from './vocabulary.js';
import { writeAwards } from '../catalogue/awards.js';
import { query, sql, type Sql } from '../platform/sql.js';
import { addInterviewQuestions } from '../catalogue/interview-questions.js';
import { alternatives, listingCounters, signalStatements, signalTables } from './signals.js';
import { bulkLoad } from './bulk-load.js';
import { discountReasons } from '../domain/vote-rules.js';

export interface SeedOptions {
  listings: number;
  now: Date;
  seed?: number;
  /** Called every 2,000 listings streamed to PostgreSQL. */
  onProgress?: (done: number) => void;
  /** Called as each step of the seed ends, with its name and how long it took in milliseconds. */
  onStep?: (step: string, ms: number) => void;
}

/** Runs one named step of the seed and reports how long it took. */
export type Step = <T>(name: string, work: () => Promise<T>) => Promise<T>;

function stepTimer(onStep: SeedOptions['onStep']): Step {
  return async (name, work) => {
    const started = performance.now();
    const result = await work();
    onStep?.(name, performance.now() - started);
    return result;
  };
}

/** The demo people who vote, follow and review; a prime count spreads votes without repeats. */
export const demoUsers = 3001;

export async function catalogueIsEmpty(em: EntityManager, siteId: number): Promise<boolean> {
  const [row] = await query(em, sql<{ any: boolean }>`select exists (select 1 from listing where site_id = ${siteId}) as any`);
  return !row.any;
}

/**
 * Fills a site with a deterministic demo catalogue: categories, demo people, then the generated
 * listings streamed with COPY into a temporary table, from which set-based statements write
 * companies, founders, the signals the listings count (votes, follows, metrics), the listings
 * with their counters, then reviews, updates, stories, alternatives, awards, blog posts and
 * interview questions. Each listing row is written once. Runs in one transaction; memory holds a
 * chunk of rows, not the catalogue.
 */
export async function seedCatalogue(em: EntityManager, siteId: number, opts: SeedOptions): Promise<{ listings: number }> {
  const step = stepTimer(opts.onStep);
  await em.transactional(async (tx) => {
    await step('categories', () => seedCategoryTree(tx, siteId));
    await step('demo people', () =>
      query(
        tx,
        // Accounts older than the votes seeded for them, which the vote rules would otherwise discount.
        sql`insert into app_user (email, name, created_at) select 'demo-' || g || '@users.example', 'Demo user ' || g, now() - interval '2 years'
        from generate_series(1, ${demoUsers}) g on conflict do nothing`,
      ),
    );
    await query(
      tx,
      sql`create temp table seed_user on commit drop as
      select (row_number() over (order by id) - 1)::int as n, id from app_user where email like 'demo-%@users.example'`,
    );
    await query(tx, sql`alter table seed_user add primary key (n)`);
    // Each listing's id, taken before it is written, its company, and what the signals it counts read.
    await query(
      tx,
      sql`create temp table seed_target (listing_id int primary key, nth int not null unique, company_id int, votes int, followers int,
        status text, launched_at timestamptz) on commit drop`,
    );

    await step('listings streamed (COPY)', () => stageListings(tx, opts));
    await insertListings(tx, siteId, opts.now, step);
    await step('alternatives', () => query(tx, alternatives(siteId)));

    const thisMonday = mondayOf(opts.now);
    await step('awards', () =>
      writeAwards(tx, siteId, addWeeks(thisMonday, -weeksBack(opts.listings)), addWeeks(thisMonday, -1)),
    );
    await step('blog posts, interview questions', async () => {
      await seedBlog(tx, siteId, opts.now);
      await addInterviewQuestions(tx, siteId, interviewQuestions);
    });
  });
  // Statistics and visibility maps for every table, which the planner needs, and which would
  // otherwise keep autovacuum busy for minutes after a large seed.
  await step('vacuum (analyze)', () => query(em, sql`vacuum (analyze)`));
  return { listings: opts.listings };
}

/** The batch seeder spread demo owners over blocks of this many listings; kept so that the catalogue stays the same. */
const ownerBlock = 2000;

/** Listing fields staged as the generator made them: text, numbers and nulls. */
const plainFields = [
  'slug',
  'name',
  'tagline',
  'short_description',
  'description',
  'stage',
  'pricing_model',
  'pricing_summary',
  'country',
  'city',
  'founded_year',
  'website_url',
  'domain',
  'logo_url',
  'plan',
  'status',
  'launch_week',
  'launched_at',
  'view_count',
  'votes',
  'followers',
] as const;

/** Streams the generated listings into `seed_listing` with COPY, founders as JSON beside each. */
async function stageListings(em: EntityManager, opts: SeedOptions): Promise<void> {
  await query(
    em,
    sql`create temp table seed_listing (n int primary key, slug text, name text, tagline text, short_description text, description text,
      stage text, pricing_model text, pricing_summary text, country text, city text, founded_year int, website_url text, domain text,
      logo_url text, features text[], usps text[], keywords text[], tags text[], categories text[], socials jsonb, faqs jsonb,
      not_found_on_website text[], plan text, unlocked_sections text[], status text, launch_week date, launched_at timestamptz,
      view_count int, owner int, votes int, followers int, founders jsonb) on commit drop`,
  );
  function* rows(): Generator<Record<string, CopyValue>> {
    let n = 0;
    for (const l of generateListings(opts.listings, opts.now, opts.seed)) {
      yield {
        n,
        ...Object.fromEntries(plainFields.map((field) => [field, l[field]])),
        features: pgArray(l.features),
        usps: pgArray(l.usps),
        keywords: pgArray(l.keywords),
        tags: pgArray(l.tags),
        categories: pgArray(l.categories),
        not_found_on_website: pgArray(l.not_found_on_website),
        unlocked_sections: pgArray(l.unlocked_sections),
        socials: JSON.stringify(l.socials),
        faqs: JSON.stringify(l.faqs),
        owner: l.owned ? (l.slug.length * 131 + (n % ownerBlock) * 17) % demoUsers : null,
        founders: JSON.stringify(l.founders.map((f, position) => ({ ...f, position }))),
      };
      if (++n % 2000 === 0) opts.onProgress?.(n);
    }
  }
  await copyInto(em, 'seed_listing', rows());
  await query(em, sql`analyze seed_listing`);
}

/**
 * Bulk SQL for speed, bypassing the entities and the status transitions: each demo listing is
 * written as its lifecycle would have left it (live, scheduled, awaiting its badge...), with the
 * company made for it, in the generator's order, so that ids follow it. Its id is taken first
 * (seed_target), so that the signals it counts are written before it and each listing row once,
 * with its counters; the listing's own insert triggers, statement-level, then write its search
 * copy and search words in one set each.
 */
async function insertListings(em: EntityManager, siteId: number, now: Date, step: Step): Promise<void> {
  await step('companies', () =>
    query(
      em,
      sql`with company as (insert into company (name, domain) select name, domain from seed_listing order by n returning id),
       made as (select id, (row_number() over (order by id) - 1)::int as n from company)
     insert into seed_target (listing_id, nth, company_id, votes, followers, status, launched_at)
     select nextval(pg_get_serial_sequence('listing', 'id')), r.n + 1, made.id, r.votes, r.followers, r.status, r.launched_at
     from seed_listing r join made using (n) order by r.n`,
    ),
  );
  await query(em, sql`analyze seed_target`);
  // A founder of several listings comes first where the generator first made them.
  await step('founders', () =>
    query(
      em,
      sql`insert into founder (site_id, slug, name, title, bio, country, socials)
     select ${siteId}, f.slug, f.name, f.title, f.bio, f.country, f.socials from (
       select distinct on (f.slug) r.n, f.* from seed_listing r,
         jsonb_to_recordset(r.founders) as f(slug text, name text, title text, bio text, country text, socials jsonb, position int)
       order by f.slug, r.n, f.position) f
     order by f.n, f.position
     on conflict (site_id, slug) do nothing`,
    ),
  );
  const signals = signalStatements(now.toISOString(), demoUsers);
  const run = async (statements: Array<[string, Sql]>) => {
    for (const [name, statement] of statements) await step(name, () => query(em, statement));
  };
  await bulkLoad(
    em,
    ['listing', 'search_listing', 'listing_founder', ...signalTables],
    async () => {
      await step('founder links', () =>
        query(
          em,
          sql`insert into listing_founder (listing_id, founder_id, position)
         select t.listing_id, f.id, lf.position from seed_listing r cross join jsonb_to_recordset(r.founders) as lf(slug text, position int)
         join seed_target t on t.nth = r.n + 1 join founder f on f.site_id = ${siteId} and f.slug = lf.slug`,
        ),
      );
      await run(signals.counted);
      await step('listings', () => query(em, listingRows(siteId)));
      // The statements after it join listings, which the planner only knows the size of after ANALYZE.
      await query(em, sql`analyze listing`);
      await run(signals.others);
    },
    step,
    ['listing'],
  );
  // What the skipped triggers (of listing_founder, and of the signals that change a listing) leave
  // of every seeded listing: a document row out of date, and the listing announced as changed.
  await step('listing documents', async () => {
    await query(
      em,
      sql`insert into listing_document (listing_id, version) select listing_id, 1 from seed_target order by listing_id`,
    );
    await query(
      em,
      sql`select notify_listings_changed((select string_agg(l.slug, ' ') from seed_target t join listing l on l.id = t.listing_id))`,
    );
  });
}

/** The listing rows, as staged, with the ids, companies and counters of seed_target. */
function listingRows(siteId: number): Sql {
  return sql`insert into listing (id, site_id, slug, name, tagline, short_description, description, stage, pricing_model, pricing_summary,
       country, city, founded_year, website_url, domain, logo_url, features, usps, keywords, tags, category_ids, socials, faqs,
       not_found_on_website, plan, unlocked_sections, status, launch_week, launched_at, view_count, owner_id, company_id,
       vote_count, ${sql.raw(discountReasons.map((r) => `votes_${r}`).join(', '))}, follower_count, domain_rating, domain_rating_on,
       monthly_revenue_cents, revenue_month, billboard_cents)
     select t.listing_id, ${siteId}, r.slug, r.name, r.tagline, r.short_description, r.description, r.stage, r.pricing_model, r.pricing_summary,
       r.country, r.city, r.founded_year, r.website_url, r.domain, r.logo_url, r.features, r.usps, r.keywords, r.tags,
       array(select c.id from unnest(r.categories) with ordinality as u(slug, ord) join category c on c.site_id = ${siteId} and c.slug = u.slug order by u.ord),
       r.socials, r.faqs, r.not_found_on_website, r.plan, r.unlocked_sections, r.status, r.launch_week, r.launched_at, r.view_count,
       (select id from seed_user where n = r.owner), t.company_id,
       c.vote_count, ${sql.raw(discountReasons.map((r) => `c.votes_${r}`).join(', '))}, c.follower_count, c.domain_rating, c.domain_rating_on,
       c.monthly_revenue_cents, c.revenue_month, c.billboard_cents
     from seed_listing r join seed_target t on t.nth = r.n + 1 join (${listingCounters}) c using (listing_id)
     order by r.n`;
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
