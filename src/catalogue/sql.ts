import { publicStatuses } from '../domain/catalogue-terms.js';
import type { ListingSummary, SummaryRow } from './schemas.js';
import { sql, type Sql } from '../platform/sql.js';
import { visitUrl } from '../domain/analytics.js';

/**
 * SQL shared by the catalogue reads. Reads build their JSON in PostgreSQL, so one round trip
 * answers a request; the address of each listing page is added here from the configured origin.
 */

export type Json = Record<string, unknown>;

/** A listing as it appears in lists: what a reader needs to choose and to follow the link. */
export const summaryJson = sql`json_build_object(
    'id', l.id, 'slug', l.slug, 'name', l.name, 'tagline', l.tagline,
    'website_url', l.website_url, 'logo_url', l.logo_url,
    'primary_category', (select json_build_object('slug', c.slug, 'name', c.name) from category c where c.id = l.category_ids[1]),
    'country', l.country, 'pricing_model', l.pricing_model, 'stage', l.stage, 'status', l.status,
    'launch_week', l.launch_week, 'launched_at', iso_utc(l.launched_at),
    'votes', l.vote_count, 'followers', l.follower_count, 'views', l.view_count)`;

/** `l.status` is one a visitor may see; literal text, so partial indexes and plans still match. */
export const isPublic = sql.raw(`l.status in (${publicStatuses.map((s) => `'${s}'`).join(', ')})`);

/**
 * `l` (a `listing` row) is not restricted by a moderation decision: its page stays, but no list,
 * leaderboard, award, sitemap or feed shows it (rows of `search_listing` carry it as their status).
 */
export const unrestricted = sql.raw('not l.restricted');

/**
 * Trending: votes / (hours since launch + 2)^1.5, in floating point (numeric power() costs tens
 * of microseconds a row); a listing without a launch time counts from its creation. Search orders
 * by the same formula in memory (`trendingScore` in search-index/listing-index.ts).
 */
export const trendingScore = sql`l.vote_count / power(greatest(extract(epoch from now() - coalesce(l.launched_at, l.created_at))::float8 / 3600, 0) + 2, 1.5)`;

/** Where a listing's public page lives. */
export function listingUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/listings/${slug}`;
}

/** A summary as `summaryJson` builds it. */
export type Summary = SummaryRow;

/**
 * Puts `url` (the public page) and `visit_url` (the website through /go) right after `name` in a
 * summary built by `summaryJson`: both depend on the configured origin, so neither is stored.
 */
export function withUrl(summary: Summary, publicUrl: string): ListingSummary {
  const { id, slug, name, ...rest } = summary;
  return { id, slug, name, url: listingUrl(publicUrl, slug), visit_url: visitUrl(publicUrl, slug, rest.website_url), ...rest };
}

/** Ids of a category and all categories below it. */
export function descendantCategories(siteId: number, slug: string): Sql {
  return sql`(with recursive tree as (
    select id from category where site_id = ${siteId} and slug = ${slug}
    union all
    select c.id from category c join tree t on c.parent_id = t.id
  ) select coalesce(array_agg(id), '{}') from tree)`;
}
