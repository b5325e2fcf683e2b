import type { EntityManager } from '@mikro-orm/postgresql';
import type { FounderProfile, FoundersPage } from './schemas.js';
import { unlockedSections } from '../domain/listing-facts.js';
import { notFound } from '../errors.js';
import { pageLimit, readPage } from '../platform/paging.js';
import { query, sql } from '../platform/sql.js';
import { isPublic, summaryJson, withUrl, unrestricted, type Summary } from './sql.js';

/** Founders are public once one of their listings is. */
export const hasPublicListing = sql`exists (select 1 from listing_founder lf join listing l on l.id = lf.listing_id
  where lf.founder_id = f.id and ${isPublic})`;

export function founderUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/founders/${slug}`;
}

export async function listFounders(
  em: EntityManager,
  siteId: number,
  publicUrl: string,
  q: string | undefined,
  country: string | undefined,
  page: number,
  perPage: number,
): Promise<FoundersPage> {
  const where = [sql`f.site_id = ${siteId}`, hasPublicListing];
  let order = sql`f.name, f.id`;
  if (q) {
    // Substring or near spelling of the unaccented name.
    const pattern = q.replace(/[\\%_]/g, (c) => `\\${c}`);
    where.push(
      sql`(immutable_unaccent(lower(f.name)) like '%' || immutable_unaccent(lower(${pattern})) || '%' escape '\\' or immutable_unaccent(lower(f.name)) % immutable_unaccent(lower(${q})))`,
    );
    order = sql`similarity(immutable_unaccent(lower(f.name)), immutable_unaccent(lower(${q}))) desc, f.name, f.id`;
  }
  if (country) where.push(sql`f.country = ${country.toUpperCase()}`);
  const matches = sql`from founder f where ${sql.join(where, ' and ')}`;
  return readPage(
    (statement) => query(em, statement),
    {
      rows: sql<{
        item: Omit<FoundersPage['items'][number], 'url'>;
        total: string;
      }>`with page as (select f.id, count(*) over () as total, row_number() over (order by ${order}) as n
       ${matches} order by ${order} ${pageLimit(page, perPage)})
     select json_build_object('slug', f.slug, 'name', f.name, 'title', f.title, 'country', f.country, 'avatar_url', f.avatar_url,
        'listings', (select count(*) from listing_founder lf join listing l on l.id = lf.listing_id where lf.founder_id = f.id and l.status = 'live')) as item,
      page.total
     from page join founder f on f.id = page.id order by page.n`,
      count: sql<{ total: string }>`select count(*) as total ${matches}`,
    },
    page,
    perPage,
    (r) => ({ ...r.item, url: founderUrl(publicUrl, r.item.slug) }),
  );
}

/** A founder: bio, socials, interview answers, the companies listed here, and their published stories. */
export async function getFounder(em: EntityManager, siteId: number, publicUrl: string, slug: string): Promise<FounderProfile> {
  const [founder] = await query(
    em,
    sql<{
      id: number;
      profile: Omit<FounderProfile, 'url' | 'companies' | 'stories'>;
    }>`select f.id, json_build_object('slug', f.slug, 'name', f.name, 'title', f.title, 'bio', f.bio, 'country', f.country,
        'avatar_url', f.avatar_url, 'socials', f.socials,
        'interview', (select coalesce(json_agg(json_build_object('question', q.question, 'answer', a.answer) order by q.position, q.id), '[]')
          from interview_answer a join interview_question q on q.id = a.question_id
          where a.user_id = f.user_id and q.site_id = f.site_id and q.active)) as profile
     from founder f where f.site_id = ${siteId} and f.slug = ${slug} and ${hasPublicListing}`,
  );
  if (!founder) throw notFound(`Founder ${slug}`);
  const listings = await query(
    em,
    sql<{
      item: Summary;
      plan: string;
      unlocked: string[];
      story: Omit<FounderProfile['stories'][number], 'listing'> | null;
    }>`select ${summaryJson} as item, l.plan, l.unlocked_sections as unlocked,
       (select json_build_object('sections', s.sections, 'published_at', iso_utc(s.published_at))
          from founder_story s where s.listing_id = l.id and s.published_at is not null) as story
     from listing_founder lf join listing l on l.id = lf.listing_id
     where lf.founder_id = ${founder.id} and ${isPublic} and ${unrestricted} order by l.vote_count desc, l.id`,
  );
  const stories = listings.flatMap((r) =>
    r.story && unlockedSections(r.plan, r.unlocked).includes('story')
      ? [{ listing: { slug: r.item.slug, name: r.item.name }, ...r.story }]
      : [],
  );
  return {
    ...founder.profile,
    url: founderUrl(publicUrl, slug),
    companies: listings.map((r) => withUrl(r.item, publicUrl)),
    stories,
  };
}
