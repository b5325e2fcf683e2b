import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * SQL shared by the catalogue reads. Reads build their JSON in PostgreSQL, so one round trip
 * answers a request; the address of each listing page is added here from the configured origin.
 */

export type Json = Record<string, unknown>;

/** A listing as it appears in lists: what a reader needs to choose and to follow the link. */
export function summaryJson(l = 'l'): string {
  return `json_build_object(
    'id', ${l}.id, 'slug', ${l}.slug, 'name', ${l}.name, 'tagline', ${l}.tagline,
    'website_url', ${l}.website_url, 'logo_url', ${l}.logo_url,
    'primary_category', (select json_build_object('slug', c.slug, 'name', c.name) from category c where c.id = ${l}.category_ids[1]),
    'country', ${l}.country, 'pricing_model', ${l}.pricing_model, 'stage', ${l}.stage, 'status', ${l}.status,
    'launch_week', ${l}.launch_week, 'launched_at', iso_utc(${l}.launched_at),
    'votes', ${l}.vote_count, 'followers', ${l}.follower_count, 'views', ${l}.view_count)`;
}

/** Where a listing's public page lives. */
export function listingUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/listings/${slug}`;
}

export interface Summary extends Json {
  slug: string;
}

/** Puts `url` (the public page) right after `name` in a summary built by `summaryJson`. */
export function withUrl<T extends Summary>(summary: T, publicUrl: string): T & { url: string } {
  const { id, slug, name, ...rest } = summary;
  return { id, slug, name, url: listingUrl(publicUrl, slug), ...rest } as unknown as T & { url: string };
}

/** Runs SQL on the EntityManager, inside its transaction when it has one. */
export async function query<T = Json>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  return em.execute<T[]>(sql, params);
}

/**
 * Runs a hot read as a named prepared statement: PostgreSQL parses it once per connection and,
 * after a few runs, reuses a generic plan (the profile statement plans in about 1 ms and runs in
 * 0.2 ms). The name derives from the text, so each distinct statement is prepared once.
 */
export async function preparedQuery<T = Json>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  const raw = em.getConnection().getKnex().raw(sql, params as never[]).options({ name: statementName(sql) });
  const transaction = em.getTransactionContext();
  const result = await (transaction ? raw.transacting(transaction) : raw);
  return (result as { rows: T[] }).rows;
}

const statementNames = new Map<string, string>();

function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `read_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    statementNames.set(sql, name);
  }
  return name;
}

/** Arrays travel as JSON text: the query builder would otherwise spread them into a list. */
export function jsonParam(value: unknown): string {
  return JSON.stringify(value);
}

/** Ids of a category and all categories below it. */
export const descendantCategoriesSql = `(with recursive tree as (
    select id from category where site_id = ? and slug = ?
    union all
    select c.id from category c join tree t on c.parent_id = t.id
  ) select coalesce(array_agg(id), '{}') from tree)`;
