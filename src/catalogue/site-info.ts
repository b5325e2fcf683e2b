import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../platform/sql.js';

export interface SiteRow {
  id: number;
  key: string;
  name: string;
}

export interface SiteCounts {
  live_listings: number;
  categories: number;
}

/** The default site of the network, the one this process serves, named as configured. */
export async function loadDefaultSite(em: EntityManager, name: string): Promise<SiteRow> {
  const [row] = await query(em, sql<SiteRow>`update site set name = ${name} where is_default returning id, key, name`);
  if (!row) throw new Error('No default site: run the migrations (npm run migrate).');
  return row;
}

/** Live counts for the site header, read fresh on every call. */
export async function siteCounts(em: EntityManager, siteId: number): Promise<SiteCounts> {
  const [row] = await query(
    em,
    sql<{
      live_listings: string;
      categories: string;
    }>`select (select count(*) from listing where site_id = ${siteId} and status = 'live') as live_listings,
            (select count(*) from category where site_id = ${siteId}) as categories`,
  );
  return { live_listings: Number(row.live_listings), categories: Number(row.categories) };
}
