import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../errors.js';
import { query, sql } from '../platform/sql.js';

export interface SiteRecord {
  id: number;
  key: string;
  name: string;
  url: string | null;
  is_default: boolean;
}

/** Site keys: what `apply_to` names; "all" means every site there, so no site may be called that. */
export const siteKeyPattern = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** Adds a site (another directory served from the same data) by key, name and public address. */
export async function createSite(em: EntityManager, key: string, name: string, url: string): Promise<SiteRecord> {
  if (!siteKeyPattern.test(key) || key === 'all') {
    throw new AppError('invalid_input', 'A site key is 1 to 40 lowercase letters, digits or dashes, and not "all".');
  }
  if (!name.trim() || name.length > 120) throw new AppError('invalid_input', 'A site name is 1 to 120 characters.');
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol) || url.length > 2048) {
    throw new AppError('invalid_input', 'A site URL is an http(s) address, e.g. https://launches.example.');
  }
  const address = new URL(url);
  const [site] = await query(
    em,
    sql<SiteRecord>`insert into site (key, name, url, domain) values (${key}, ${name.trim()}, ${address.origin}, ${address.hostname})
     on conflict (key) do nothing returning id, key, name, url, is_default`,
  );
  if (!site) throw new AppError('conflict', `A site with the key ${key} exists already.`);
  return site;
}

export async function listSites(em: EntityManager): Promise<SiteRecord[]> {
  return query(em, sql<SiteRecord>`select id, key, name, url, is_default from site order by id`);
}
