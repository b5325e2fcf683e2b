import { compareRows, type Facts } from '../domain/listing-facts.js';
import type { Comparison, ListingProfile } from './schemas.js';
import type { ReadPool } from '../platform/sql.js';
import { getListingProfile } from './listing-profile.js';

/** Two public listings side by side: one row per fact, a null cell where a listing lacks it. */
export async function compareListings(
  pool: ReadPool,
  siteId: number,
  publicUrl: string,
  a: string,
  b: string,
): Promise<Comparison> {
  const [left, right] = (
    await Promise.all([getListingProfile(pool, siteId, publicUrl, a), getListingProfile(pool, siteId, publicUrl, b)])
  ).map((profile) => profile.value());
  return { a: headerOf(left), b: headerOf(right), rows: compareRows(factsOf(left), factsOf(right)) };
}

function headerOf(p: ListingProfile): Comparison['a'] {
  return { slug: p.slug, name: p.name, url: p.url };
}

function factsOf(p: ListingProfile): Facts {
  const { pricing, community_rating: rating, domain_rating: dr } = p;
  return {
    tagline: p.tagline,
    short_description: p.short_description,
    categories: p.categories.map((c) => c.name),
    stage: p.stage,
    pricing_model: pricing.model,
    pricing_summary: pricing.summary,
    features: p.features,
    usps: p.usps,
    country: p.country,
    city: p.city,
    founded_year: p.founded_year,
    founders: p.founders.map((f) => f.name),
    website_url: p.website_url,
    votes: p.votes,
    followers: p.followers,
    community_rating: rating.count ? rating : null,
    domain_rating: dr?.value ?? null,
  };
}
