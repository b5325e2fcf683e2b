import type { EntityManager } from '@mikro-orm/postgresql';

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
  const [row] = await em
    .getConnection()
    .execute<SiteRow[]>('update site set name = ? where is_default returning id, key, name', [name]);
  if (!row) throw new Error('No default site: run the migrations (npm run migrate).');
  return row;
}

/** Live counts for the site header, read fresh on every call. */
export async function siteCounts(em: EntityManager, siteId: number): Promise<SiteCounts> {
  const [row] = await em.getConnection().execute<{ live_listings: string; categories: string }[]>(
    `select (select count(*) from listing where site_id = ? and status = 'live') as live_listings,
            (select count(*) from category where site_id = ?) as categories`,
    [siteId, siteId],
  );
  return { live_listings: Number(row.live_listings), categories: Number(row.categories) };
}
