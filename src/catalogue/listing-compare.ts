import { compareRows, type Facts } from '../domain/listing-facts.js';
import type { ReadPool } from '../platform/sql.js';
import type { Json } from './sql.js';
import { getListingProfile } from './listing-profile.js';

/** Two public listings side by side: one row per fact, a null cell where a listing lacks it. */
export async function compareListings(pool: ReadPool, siteId: number, publicUrl: string, a: string, b: string): Promise<Json> {
  const [left, right] = await Promise.all([getListingProfile(pool, siteId, publicUrl, a), getListingProfile(pool, siteId, publicUrl, b)]);
  return { a: headerOf(left), b: headerOf(right), rows: compareRows(factsOf(left), factsOf(right)) };
}

function headerOf(p: Json): Json {
  return { slug: p.slug, name: p.name, url: p.url };
}

function factsOf(p: Json): Facts {
  const pricing = p.pricing as { model: string | null; summary: string | null };
  const rating = p.community_rating as { average: number | null; count: number };
  const dr = p.domain_rating as { value: number } | null;
  return {
    tagline: p.tagline,
    short_description: p.short_description,
    categories: (p.categories as Array<{ name: string }>).map((c) => c.name),
    stage: p.stage,
    pricing_model: pricing.model,
    pricing_summary: pricing.summary,
    features: p.features,
    usps: p.usps,
    country: p.country,
    city: p.city,
    founded_year: p.founded_year,
    founders: (p.founders as Array<{ name: string }>).map((f) => f.name),
    website_url: p.website_url,
    votes: p.votes,
    followers: p.followers,
    community_rating: rating.count ? rating : null,
    domain_rating: dr?.value ?? null,
  };
}
