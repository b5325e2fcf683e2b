import type { SearchSort, SearchStatus } from '../domain/catalogue-terms.js';
import type { ListingPage } from './schemas.js';
import { offsetOf, pageOf } from '../domain/pagination.js';
import { searchTerms } from '../domain/search-terms.js';
import { epochDay, mondayOf } from '../domain/weeks.js';
import { notFound } from '../errors.js';
import type { IndexQuery } from './search-index/listing-index.js';
import type { SearchIndex } from './search-index/search-index.js';
import { withUrl } from './sql.js';

export interface SearchParams {
  q?: string;
  category?: string;
  stage?: string;
  country?: string;
  pricingModel?: string;
  domain?: string;
  status: SearchStatus;
  sort: SearchSort;
  page: number;
  perPage: number;
}

/**
 * Typo-tolerant full-text search with filters; an empty query browses. Each word matches as a
 * prefix, or any of its near spellings does (see ListingIndex.alternativesOf); words are joined by
 * AND, or by OR when no listing has them all. It runs on this process's index (see SearchIndex),
 * brought up to date first; the page's summaries are then read from PostgreSQL.
 */
export async function searchListings(
  index: SearchIndex,
  siteId: number,
  publicUrl: string,
  p: SearchParams,
  now: Date,
): Promise<ListingPage> {
  const terms = searchTerms(p.q);
  const listings = await index.current();
  const categoryIds = p.category ? listings.categoryWithDescendants(siteId, p.category) : undefined;
  if (p.category && !categoryIds) throw notFound(`Category ${p.category}`);
  const query: IndexQuery = {
    siteId,
    groups: listings.alternativesOf(terms),
    every: true,
    phrase: terms.join(' '),
    status: p.status === 'live' ? 'live' : 'upcoming',
    afterDay: epochDay(mondayOf(now)),
    categoryIds,
    stage: p.stage?.toLowerCase(),
    country: p.country?.toUpperCase(),
    pricingModel: p.pricingModel?.toLowerCase(),
    domain: p.domain?.toLowerCase().replace(/^www\./, ''),
    sort: p.sort,
    offset: offsetOf(p.page, p.perPage),
    limit: p.perPage,
    nowSeconds: now.getTime() / 1000,
  };
  let found = listings.search(query);
  if (found.total === 0 && terms.length > 1) found = listings.search({ ...query, every: false });
  const items = await index.summaries(found.ids);
  return pageOf(
    items.map((item) => withUrl(item, publicUrl)),
    found.total,
    p.page,
    p.perPage,
  );
}
