import type { SearchSort, SearchStatus } from '../domain/catalogue-terms.js';
import type { ListingPage } from './schemas.js';
import { offsetOf, pageOf } from '../domain/pagination.js';
import { searchTerms } from '../domain/search-terms.js';
import { mondayOf } from '../domain/weeks.js';
import { notFound } from '../errors.js';
import { prepared, sql, type ReadPool } from '../platform/sql.js';
import type { IndexQuery } from './search-index/listing-index.js';
import type { SearchIndex } from './search-index/search-index.js';
import { descendantCategories, withUrl } from './sql.js';

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

const msPerDay = 86_400_000;

/**
 * Near spellings of the caller's words, and the category filter's ids. A word of 4+ letters that
 * starts no known word gets up to three near spellings from the lexicon (so "notoin" also asks for
 * "notion"). A word without digits shares no trigram with a number, so its near spellings are
 * looked up among the other words only (a partial index a tenth of the lexicon's size at 100,000
 * listings). Words equally near are taken in alphabetical order.
 */
const lookupSql = (terms: string[], siteId: number, category: string | undefined) => sql<{
  near: Array<{ ord: number; words: string[] }>;
  categories: number[] | null;
}>`with terms as (select value as term, ordinality as ord from json_array_elements_text(${sql.json(terms)}::json) with ordinality)
  select (select coalesce(json_agg(json_build_object('ord', t.ord, 'words', near.words)), '[]') from terms t
      cross join lateral (select array(select s.word from (
        (select w.word from search_word w where t.term !~ '[0-9]' and w.word !~ '^[0-9]+$' order by w.word <-> t.term, w.word limit 3)
        union all
        (select w.word from search_word w where t.term ~ '[0-9]' order by w.word <-> t.term, w.word limit 3)
      ) s where similarity(s.word, t.term) >= 0.25) as words) near
      where length(t.term) >= 4 and not exists (select 1 from search_word p where p.word >= t.term and p.word < t.term || '{')
    ) as near,
    ${category ? descendantCategories(siteId, category) : sql`null::int[]`} as categories`;

/**
 * Typo-tolerant full-text search with filters; an empty query browses. Each word matches as a
 * prefix, or any of its near spellings does; words are joined by AND, or by OR when no listing has
 * them all. The matching, filtering, ordering and the page's summaries come from this process's
 * index (see SearchIndex), brought up to date first.
 */
export async function searchListings(
  pool: ReadPool,
  index: SearchIndex,
  siteId: number,
  publicUrl: string,
  p: SearchParams,
  now: Date,
): Promise<ListingPage> {
  const terms = searchTerms(p.q);
  // Words the index already knows get no near spellings: the lookup is needed only for the others.
  const needsLookup = p.category || terms.some((t) => t.length >= 4 && !index.knowsPrefix(t));
  const [listings, lookup] = await Promise.all([
    index.current(),
    needsLookup ? prepared(pool, lookupSql(terms, siteId, p.category)).then(([row]) => row) : undefined,
  ]);
  if (p.category && !lookup?.categories?.length) throw notFound(`Category ${p.category}`);
  const near = new Map(lookup?.near.map((n) => [Number(n.ord), n.words]));
  const query: IndexQuery = {
    siteId,
    groups: terms.map((term, i) => [term, ...(near.get(i + 1) ?? [])]),
    every: true,
    phrase: terms.join(' '),
    status: p.status === 'live' ? 'live' : 'upcoming',
    afterDay: Math.floor(mondayOf(now).getTime() / msPerDay),
    categoryIds: lookup?.categories ?? undefined,
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
  return pageOf(
    found.items.map((item) => withUrl(item, publicUrl)),
    found.total,
    p.page,
    p.perPage,
  );
}
