import type { SearchSort, SearchStatus } from '../domain/catalogue-terms.js';
import type { ListingPage } from './schemas.js';
import { searchTerms } from '../domain/search-terms.js';
import { isoDate, mondayOf } from '../domain/weeks.js';
import { notFound } from '../errors.js';
import { pageLimit, readPage } from '../platform/paging.js';
import { prepared, sql, type ReadPool, type Sql } from '../platform/sql.js';
import { descendantCategories, summaryJson, trendingScore, withUrl, type Summary } from './sql.js';

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
 * The tsquery of the caller's words: each word as a prefix, OR'ed with up to three near spellings
 * from the lexicon when the word itself starts no known word (so "notoin" also asks for "notion").
 * A word without digits shares no trigram with a number, so its near spellings are looked up among
 * the other words only (a partial index a tenth of the lexicon's size at 100,000 listings). Words
 * equally near are taken in alphabetical order.
 * Words are joined by AND, or by OR when no listing has them all.
 */
const tsquerySql = (
  joiner: '&' | '|',
) => sql`(select to_tsquery('simple', string_agg(alternatives, ${sql.raw(`' ${joiner} '`)})) from (
    select '(' || string_agg(distinct lexeme, ' | ') || ')' as alternatives from (
      select t.ord, t.term || ':*' as lexeme from terms t
      union all
      select t.ord, s.word || ':*' from terms t cross join lateral (
        (select w.word from search_word w where t.term !~ '[0-9]' and w.word !~ '^[0-9]+$' order by w.word <-> t.term, w.word limit 3)
        union all
        (select w.word from search_word w where t.term ~ '[0-9]' order by w.word <-> t.term, w.word limit 3)
      ) s
      where length(t.term) >= 4 and similarity(s.word, t.term) >= 0.25
        and not exists (select 1 from search_word p where p.word >= t.term and p.word < t.term || '{')
    ) lexemes group by ord
  ) words)`;

const orderBy: Record<SearchSort, Sql> = {
  relevance: sql`l.vote_count desc`,
  newest: sql`coalesce(l.launched_at, l.launch_week::timestamptz, l.created_at) desc`,
  votes: sql`l.vote_count desc`,
  trending: sql`${trendingScore} desc`,
  most_viewed: sql`l.view_count desc`,
  most_followed: sql`l.follower_count desc`,
};

/** Typo-tolerant full-text search with filters; an empty query browses. */
export async function searchListings(
  pool: ReadPool,
  siteId: number,
  publicUrl: string,
  p: SearchParams,
  now: Date,
): Promise<ListingPage> {
  const terms = searchTerms(p.q);
  const all = await runSearch(pool, siteId, publicUrl, p, now, terms, '&');
  return all.total === 0 && terms.length > 1 ? runSearch(pool, siteId, publicUrl, p, now, terms, '|') : all;
}

async function runSearch(
  pool: ReadPool,
  siteId: number,
  publicUrl: string,
  p: SearchParams,
  now: Date,
  terms: string[],
  joiner: '&' | '|',
): Promise<ListingPage> {
  const where: Sql[] = [sql`l.site_id = ${siteId}`];
  if (p.status === 'live') where.push(sql`l.status = 'live'`);
  else where.push(sql`l.status = 'scheduled' and l.launch_week > ${isoDate(mondayOf(now))}::date`);
  if (p.category) {
    const [found] = await prepared(
      pool,
      sql<{ id: number }>`select id from category where site_id = ${siteId} and slug = ${p.category}`,
    );
    if (!found) throw notFound(`Category ${p.category}`);
    where.push(sql`l.category_ids && ${descendantCategories(siteId, p.category)}`);
  }
  if (p.stage) where.push(sql`l.stage = ${p.stage.toLowerCase()}`);
  if (p.country) where.push(sql`l.country = ${p.country.toUpperCase()}`);
  if (p.pricingModel) where.push(sql`l.pricing_model = ${p.pricingModel.toLowerCase()}`);
  if (p.domain) where.push(sql`l.domain = ${p.domain.toLowerCase().replace(/^www\./, '')}`);

  const ctes: Sql[] = [];
  let order = sql`${orderBy[p.sort]}, l.id`;
  // Candidates come from the narrow search_listing (stage and pricing_model lower-cased there).
  let from = sql`search_listing l`;
  if (terms.length) {
    ctes.push(
      sql`terms as (select value as term, ordinality as ord from json_array_elements_text(${sql.json(terms)}::json) with ordinality)`,
      sql`search as materialized (select ${tsquerySql(joiner)} as tsq)`,
    );
    from = sql`search_listing l, search`;
    where.push(sql`l.search_vector @@ search.tsq`);
    if (p.sort === 'relevance') {
      // An exact name first, then hits in the name, then in tagline and keywords, then votes
      // (tiers of cheap matches on small vectors: a rank function per match costs far more).
      order = sql`(l.name_key = ${terms.join(' ')}) desc, (l.name_vector @@ search.tsq) desc, (l.title_vector @@ search.tsq) desc, l.vote_count desc, l.id`;
    }
  }
  const matches = sql`from ${from} where ${sql.join(where, ' and ')}`;
  const searchCtes = ctes.length ? sql`with ${sql.join(ctes)} ` : sql``;

  // Ids, order and total over cheap columns first; the JSON only for the rows of the page. The
  // page is a top-N sort (not a sort of every match); row_number() over () keeps its order.
  return readPage(
    (statement) => prepared(pool, statement),
    {
      rows: sql<{ item: Summary; total: string }>`with ${sql.join([
        ...ctes,
        sql`page as (
      select id, total, row_number() over () as n from (
        select l.id, count(*) over () as total ${matches} order by ${order} ${pageLimit(p.page, p.perPage)}) ranked)`,
      ])}
     select ${summaryJson} as item, page.total from page join listing l on l.id = page.id order by page.n`,
      count: sql<{ total: string }>`${searchCtes}select count(*) as total ${matches}`,
    },
    p.page,
    p.perPage,
    (r) => withUrl(r.item, publicUrl),
  );
}
