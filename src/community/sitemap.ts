import type { EntityManager } from '@mikro-orm/postgresql';
import { hasPublicListing } from '../catalogue/founders.js';
import { isPublic, unrestricted } from '../catalogue/sql.js';
import { query, sql } from '../platform/sql.js';

export interface SitemapEntry {
  /** A path on this site, e.g. /listings/inkwell. */
  path: string;
  /** Last change, YYYY-MM-DD, when known. */
  lastmod: string | null;
}

/** The most addresses one sitemap file may hold (the sitemaps protocol's limit). */
export const sitemapLimit = 50_000;

/** Every public page that names a thing: listings and their alternatives, categories, founders, blog posts. */
export async function sitemapEntries(em: EntityManager, siteId: number, limit: number): Promise<SitemapEntry[]> {
  return query(
    em,
    sql<SitemapEntry>`(select '/listings/' || l.slug as path, to_char(l.updated_at at time zone 'UTC', 'YYYY-MM-DD') as lastmod
        from listing l where l.site_id = ${siteId} and ${isPublic} and ${unrestricted} order by l.vote_count desc, l.id limit ${limit})
     union all (select '/categories/' || c.slug, null from category c where c.site_id = ${siteId})
     union all (select '/founders/' || f.slug, null from founder f where f.site_id = ${siteId} and ${hasPublicListing})
     union all (select '/blog/' || b.slug, to_char(b.published_at at time zone 'UTC', 'YYYY-MM-DD') from blog_post b
        where b.site_id = ${siteId} and b.published_at <= now())
     limit ${limit}`,
  );
}
