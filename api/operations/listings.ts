import { z } from 'zod';
import {
  alternatives as alternativesOutput,
  badges as badgesOutput,
  comparison as comparisonOutput,
  listingPage as listingPageOutput,
  listingProfile as listingProfileOutput,
} from '../../src/catalogue/schemas.js';
import { badgeModes, badgeShapes, badgeSizes } from '../../src/domain/badges.js';
import { searchSorts, searchStatuses } from '../../src/domain/catalogue-terms.js';
import * as badges from '../../src/catalogue/badges.js';
import * as listingCompare from '../../src/catalogue/listing-compare.js';
import * as listingProfile from '../../src/catalogue/listing-profile.js';
import * as listingSearch from '../../src/catalogue/listing-search.js';
import { countryCode, pagination, publicRead, slug } from './common.js';
import { defineOperation } from './registry.js';

const listingPath = z.object({ slug: slug.describe('The listing slug.') });

export const searchListings = defineOperation({
  id: 'search_listings',
  method: 'GET',
  path: '/listings',
  tag: 'Listings',
  summary: 'Search and browse listings',
  description:
    'Typo-tolerant search over listing name, tagline, description and keywords (a misspelled word also finds its near spellings); an empty q browses. Filters: category (includes its subcategories), stage, country, pricing_model, domain, status (live, or upcoming = scheduled for a future launch week). Sorts: relevance, newest, votes, trending, most_viewed, most_followed. Returns paginated summaries with name, url (the listing page) and votes. Free, public, read-only.',
  ...publicRead,
  refusals: { 404: 'category names no category' },
  input: {
    query: z.object({
      q: z.string().max(200).optional().describe('Search words; empty browses.'),
      category: slug.optional().describe('Category slug; listings of its subcategories are included.'),
      stage: slug.optional().describe('Stage slug, e.g. beta or launched.'),
      country: countryCode.optional().describe('Two-letter country code.'),
      pricing_model: z.string().max(40).optional().describe('e.g. free, freemium, subscription.'),
      domain: z.string().max(253).optional().describe('Website domain of the product, e.g. example.com.'),
      status: z.enum(searchStatuses).default('live').describe('live (default) or upcoming.'),
      sort: z.enum(searchSorts).default('relevance'),
      ...pagination,
    }),
  },
  output: listingPageOutput,
  handler: ({ query: q }, { deps, site }) =>
    listingSearch.searchListings(
      deps.searchIndex,
      site.id,
      deps.config.publicUrl,
      {
        q: q.q,
        category: q.category,
        stage: q.stage,
        country: q.country,
        pricingModel: q.pricing_model,
        domain: q.domain,
        status: q.status,
        sort: q.sort,
        page: q.page,
        perPage: q.per_page,
      },
      new Date(),
    ),
});

export const getListing = defineOperation({
  id: 'get_listing',
  method: 'GET',
  path: '/listings/{slug}',
  tag: 'Listings',
  summary: 'The public profile of a listing',
  description:
    'Returns the full public profile: description, features, pricing, categories (first is primary), founders, FAQs, socials, links, latest updates, community rating (genuine reviews only), third-party Domain Rating with its trend, and not_found_on_website (facts the company site did not state, left blank on purpose). Story, milestones and media appear only when unlocked. 404 when no public listing has this slug. Free, public, read-only.',
  ...publicRead,
  sharedResult: 'until-listing-changes',
  input: { path: listingPath },
  output: listingProfileOutput,
  handler: ({ path }, { deps, site }) =>
    listingProfile.getListingProfile(deps.readPool, site.id, deps.config.publicUrl, path.slug),
});

export const getAlternatives = defineOperation({
  id: 'get_alternatives',
  method: 'GET',
  path: '/listings/{slug}/alternatives',
  tag: 'Listings',
  summary: 'Alternatives to a listing',
  description:
    'Alternatives approved by the listing owner come first (approved: true), then other live listings of the same primary category, most voted first (approved: false). Up to 20 items. 404 when the listing is absent. Free, public, read-only.',
  ...publicRead,
  input: { path: listingPath },
  output: alternativesOutput,
  handler: ({ path }, { deps, em, site }) => listingProfile.getAlternatives(em, site.id, deps.config.publicUrl, path.slug),
});

export const compareListings = defineOperation({
  id: 'compare_listings',
  method: 'GET',
  path: '/compare',
  tag: 'Listings',
  summary: 'Compare two listings side by side',
  description:
    'Puts two public listings side by side: one row per fact (tagline, categories, stage, pricing, features, location, founders, votes, rating, Domain Rating...). A null cell means that listing does not state the fact; a row with both cells null means the fact is on neither. 404 when a slug names no public listing. Free, public, read-only.',
  ...publicRead,
  refusals: { 404: 'a or b names no public listing' },
  input: { query: z.object({ a: slug.describe('First listing slug.'), b: slug.describe('Second listing slug.') }) },
  output: comparisonOutput,
  handler: ({ query: q }, { deps, site }) =>
    listingCompare.compareListings(deps.readPool, site.id, deps.config.publicUrl, q.a, q.b),
});

export const getBadges = defineOperation({
  id: 'get_badges',
  method: 'GET',
  path: '/listings/{slug}/badges',
  tag: 'Listings',
  summary: 'Badge embed code and images for a listing',
  description:
    "Returns the HTML embed code of the chosen badge (a link to the listing page around an SVG image) and the image URL of every style: shape (standard, outline, pill, banner, square) x mode (light, dark, auto = follows the viewer) x size (s, m, l). Free-plan listings go live once this embed is on their homepage; their owner (signed in) gets the embed code before the listing is public. 404 when the listing is absent or not public and not the caller's. Free, public, read-only.",
  // Not shared between callers: an owner sees the badge of a listing nobody else may see yet.
  ...publicRead,
  sharedResult: undefined,
  input: {
    path: listingPath,
    query: z.object({
      shape: z.enum(badgeShapes).default('standard'),
      mode: z.enum(badgeModes).default('auto'),
      size: z.enum(badgeSizes).default('m'),
    }),
  },
  output: badgesOutput,
  handler: ({ path, query: q }, { deps, em, site, principal }) =>
    badges.getBadges(em, site.id, site.name, deps.config.publicUrl, path.slug, q, principal?.userId ?? null),
});

export const listingOperations = [searchListings, getListing, getAlternatives, compareListings, getBadges];
