import type { EntityManager } from '@mikro-orm/postgresql';
import { offsetOf, pageOf } from '../domain/pagination.js';
import { unlockedSections } from '../domain/listing-facts.js';
import { notFound } from '../errors.js';
import { query, summaryJson, withUrl, type Json, type Summary } from './sql.js';

/** Founders are public once one of their listings is. */
const hasPublicListing = `exists (select 1 from listing_founder lf join listing l on l.id = lf.listing_id
  where lf.founder_id = f.id and l.status in ('live', 'scheduled'))`;

export function founderUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/founders/${slug}`;
}

export async function listFounders(em: EntityManager, siteId: number, publicUrl: string, q: string | undefined, country: string | undefined, page: number, perPage: number): Promise<object> {
  const where = ['f.site_id = ?', hasPublicListing];
  const params: unknown[] = [siteId];
  let order = 'f.name, f.id';
  const orderParams: unknown[] = [];
  if (q) {
    // Substring or near spelling of the unaccented name.
    where.push(`(immutable_unaccent(lower(f.name)) like '%' || immutable_unaccent(lower(?)) || '%' escape '\\' or immutable_unaccent(lower(f.name)) % immutable_unaccent(lower(?)))`);
    params.push(q.replace(/[\\%_]/g, (c) => `\\${c}`), q);
    order = 'similarity(immutable_unaccent(lower(f.name)), immutable_unaccent(lower(?))) desc, f.name, f.id';
    orderParams.push(q);
  }
  if (country) {
    where.push('f.country = ?');
    params.push(country.toUpperCase());
  }
  const rows = await query<{ item: Json & { slug: string }; total: string }>(
    em,
    `with page as (select f.id, count(*) over () as total, row_number() over (order by ${order}) as n
       from founder f where ${where.join(' and ')} order by ${order} limit ? offset ?)
     select json_build_object('slug', f.slug, 'name', f.name, 'title', f.title, 'country', f.country, 'avatar_url', f.avatar_url,
        'listings', (select count(*) from listing_founder lf join listing l on l.id = lf.listing_id where lf.founder_id = f.id and l.status = 'live')) as item,
      page.total
     from page join founder f on f.id = page.id order by page.n`,
    [...orderParams, ...params, ...orderParams, perPage, offsetOf(page, perPage)],
  );
  const items = rows.map((r) => ({ ...r.item, url: founderUrl(publicUrl, r.item.slug) }));
  return pageOf(items, rows.length ? Number(rows[0].total) : 0, page, perPage);
}

/** A founder: bio, socials, the companies listed here, and their published stories. */
export async function getFounder(em: EntityManager, siteId: number, publicUrl: string, slug: string): Promise<Json> {
  const [founder] = await query<{ id: number; profile: Json }>(
    em,
    `select f.id, json_build_object('slug', f.slug, 'name', f.name, 'title', f.title, 'bio', f.bio, 'country', f.country,
        'avatar_url', f.avatar_url, 'socials', f.socials) as profile
     from founder f where f.site_id = ? and f.slug = ? and ${hasPublicListing}`,
    [siteId, slug],
  );
  if (!founder) throw notFound(`Founder ${slug}`);
  const listings = await query<{ item: Summary; plan: string; unlocked: string[]; story: Json | null }>(
    em,
    `select ${summaryJson()} as item, l.plan, l.unlocked_sections as unlocked,
       (select json_build_object('sections', s.sections, 'published_at', iso_utc(s.published_at))
          from founder_story s where s.listing_id = l.id and s.published_at is not null) as story
     from listing_founder lf join listing l on l.id = lf.listing_id
     where lf.founder_id = ? and l.status in ('live', 'scheduled') order by l.vote_count desc, l.id`,
    [founder.id],
  );
  const stories = listings
    .filter((r) => r.story && unlockedSections(r.plan, r.unlocked).includes('story'))
    .map((r) => ({ listing: { slug: r.item.slug, name: r.item.name }, ...r.story }));
  return {
    ...founder.profile,
    url: founderUrl(publicUrl, slug),
    companies: listings.map((r) => withUrl(r.item, publicUrl)),
    stories,
  };
}
