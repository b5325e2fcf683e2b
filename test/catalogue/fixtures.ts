import type { TestApp } from '../support/app.js';
import { addWeeks, isoDate, mondayOf } from '../../src/domain/weeks.js';
import { discountReasons } from '../../src/domain/vote-rules.js';

/** A small hand-made catalogue whose every fact the tests know. */

export interface ListingFacts {
  slug: string;
  name: string;
  tagline?: string;
  description?: string;
  keywords?: string[];
  categories?: string[];
  status?: string;
  plan?: 'free' | 'paid';
  unlocked?: string[];
  country?: string;
  stage?: string;
  pricing_model?: string;
  domain?: string;
  launch_week?: Date;
  launched_at?: Date;
  owner?: number;
  not_found?: string[];
}

export async function sql<T = Record<string, unknown>>(app: TestApp, text: string, params: unknown[] = []): Promise<T[]> {
  return app.deps.orm.em.fork().execute<T[]>(text, params);
}

export async function addCategory(app: TestApp, slug: string, name: string, parent?: string): Promise<number> {
  const [row] = await sql<{ id: number }>(
    app,
    `insert into category (site_id, slug, name, description, faqs, parent_id)
     values (?, ?, ?, ?, ?::jsonb, (select id from category where slug = ?)) returning id`,
    [
      app.deps.site.id,
      slug,
      name,
      `All about ${name}.`,
      JSON.stringify([{ question: 'What is it?', answer: 'A category.' }]),
      parent ?? null,
    ],
  );
  return row.id;
}

export async function addUser(app: TestApp, email: string): Promise<number> {
  const [row] = await sql<{ id: number }>(app, 'insert into app_user (email, name) values (?, ?) returning id', [
    email,
    email.split('@')[0],
  ]);
  return row.id;
}

export async function addListing(app: TestApp, f: ListingFacts): Promise<number> {
  const now = new Date();
  const status = f.status ?? 'live';
  const launchedAt = f.launched_at ?? (status === 'live' ? now : null);
  const week = f.launch_week ?? (launchedAt ? mondayOf(launchedAt) : null);
  const [row] = await sql<{ id: number }>(
    app,
    `insert into listing (site_id, slug, name, tagline, description, keywords, category_ids, status, plan, unlocked_sections, country, stage,
       pricing_model, domain, website_url, launch_week, launched_at, owner_id, not_found_on_website, features)
     values (?, ?, ?, ?, ?, array(select json_array_elements_text(?::json)),
       array(select c.id from json_array_elements_text(?::json) with ordinality as s(slug, ord) join category c on c.slug = s.slug order by s.ord),
       ?, ?, array(select json_array_elements_text(?::json)), ?, ?, ?, ?, ?, ?::date, ?::timestamptz, ?, array(select json_array_elements_text(?::json)), '{"Fast search"}')
     returning id`,
    [
      app.deps.site.id,
      f.slug,
      f.name,
      f.tagline ?? `${f.name} tagline`,
      f.description ?? '',
      JSON.stringify(f.keywords ?? []),
      JSON.stringify(f.categories ?? []),
      status,
      f.plan ?? 'free',
      JSON.stringify(f.unlocked ?? []),
      f.country ?? null,
      f.stage ?? null,
      f.pricing_model ?? null,
      f.domain ?? null,
      f.domain ? `https://${f.domain}` : null,
      week ? isoDate(week) : null,
      launchedAt?.toISOString() ?? null,
      f.owner ?? null,
      JSON.stringify(f.not_found ?? []),
    ],
  );
  return row.id;
}

/** `count` distinct voters for a listing, voting at `at`. */
export async function addVotes(app: TestApp, listingId: number, count: number, at = new Date()): Promise<void> {
  await sql(
    app,
    `with voters as (insert into app_user (email) select 'voter-' || ? || '-' || g || '-' || ? || '@test.example' from generate_series(1, ?) g returning id)
     insert into vote (listing_id, user_id, created_at) select ?, id, ? from voters`,
    [listingId, at.getTime(), count, listingId, at.toISOString()],
  );
}

export function weeksFromNow(n: number): Date {
  return addWeeks(mondayOf(new Date()), n);
}

/** A listing's vote ledger counted from its votes, to hold against the numbers the listing keeps. */
export async function recountedLedger(
  app: TestApp,
  slug: string,
): Promise<{ cast: number; counted: number; discounted: object }> {
  const [row] = await sql<{ cast: number; counted: number; discounted: object }>(
    app,
    `select count(v.*)::int as cast, (count(v.*) filter (where v.discount_reason is null))::int as counted,
       json_build_object(${discountReasons.map((r) => `'${r}', (count(v.*) filter (where v.discount_reason = '${r}'))::int`).join(', ')}) as discounted
     from listing l left join vote v on v.listing_id = l.id where l.slug = ? group by l.id`,
    [slug],
  );
  return row;
}

/** A listing's stored document: its version and text (null text: to be built at the next read). */
export async function storedDocument(app: TestApp, slug: string): Promise<{ version: string; body: string | null } | undefined> {
  const [row] = await sql<{ version: string; body: string | null }>(
    app,
    'select d.version, d.live_body as body from listing_document d join listing l on l.id = d.listing_id where l.slug = ?',
    [slug],
  );
  return row;
}
