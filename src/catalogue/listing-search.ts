import type { EntityManager } from '@mikro-orm/postgresql';
import type { SearchSort, SearchStatus } from '../domain/catalogue-terms.js';
import { offsetOf, pageOf, type Page } from '../domain/pagination.js';
import { searchTerms } from '../domain/search-terms.js';
import { isoDate, mondayOf } from '../domain/weeks.js';
import { notFound } from '../errors.js';
import { descendantCategoriesSql, jsonParam, preparedQuery, query, summaryJson, withUrl, type Summary } from './sql.js';

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
 * Words are joined by AND, or by OR when no listing has them all.
 */
const tsquerySql = (joiner: '&' | '|') => `(select to_tsquery('simple', string_agg(alternatives, ' ${joiner} ')) from (
    select '(' || string_agg(distinct lexeme, ' | ') || ')' as alternatives from (
      select t.ord, t.term || ':*' as lexeme from terms t
      union all
      select t.ord, s.word || ':*' from terms t cross join lateral (
        select w.word from search_word w order by w.word <-> t.term limit 3
      ) s
      where length(t.term) >= 4 and similarity(s.word, t.term) >= 0.25
        and not exists (select 1 from search_word p where p.word >= t.term and p.word < t.term || '{')
    ) lexemes group by ord
  ) words)`;

const orderBy: Record<SearchSort, string> = {
  relevance: 'l.vote_count desc',
  newest: 'coalesce(l.launched_at, l.launch_week::timestamptz, l.created_at) desc',
  votes: 'l.vote_count desc',
  // In floating point: numeric power() costs tens of microseconds a row.
  trending: `l.vote_count / power(greatest(extract(epoch from now() - coalesce(l.launched_at, l.created_at))::float8 / 3600, 0) + 2, 1.5) desc`,
  most_viewed: 'l.view_count desc',
  most_followed: 'l.follower_count desc',
};

/** Typo-tolerant full-text search with filters; an empty query browses. */
export async function searchListings(em: EntityManager, siteId: number, publicUrl: string, p: SearchParams, now: Date): Promise<Page<Summary>> {
  const terms = searchTerms(p.q);
  const all = await runSearch(em, siteId, publicUrl, p, now, terms, '&');
  return all.total === 0 && terms.length > 1 ? runSearch(em, siteId, publicUrl, p, now, terms, '|') : all;
}

async function runSearch(em: EntityManager, siteId: number, publicUrl: string, p: SearchParams, now: Date, terms: string[], joiner: '&' | '|'): Promise<Page<Summary>> {
  const where: string[] = ['l.site_id = ?'];
  const params: unknown[] = [siteId];
  if (p.status === 'live') where.push(`l.status = 'live'`);
  else {
    where.push(`l.status = 'scheduled' and l.launch_week > ?::date`);
    params.push(isoDate(mondayOf(now)));
  }
  if (p.category) {
    const [found] = await query<{ id: number }>(em, 'select id from category where site_id = ? and slug = ?', [siteId, p.category]);
    if (!found) throw notFound(`Category ${p.category}`);
    where.push(`l.category_ids && ${descendantCategoriesSql}`);
    params.push(siteId, p.category);
  }
  if (p.stage) {
    where.push('l.stage = ?');
    params.push(p.stage.toLowerCase());
  }
  if (p.country) {
    where.push('l.country = ?');
    params.push(p.country.toUpperCase());
  }
  if (p.pricingModel) {
    where.push('l.pricing_model = ?');
    params.push(p.pricingModel.toLowerCase());
  }
  if (p.domain) {
    where.push('l.domain = ?');
    params.push(p.domain.toLowerCase().replace(/^www\./, ''));
  }

  const ctes: string[] = [];
  const cteParams: unknown[] = [];
  const orderParams: unknown[] = [];
  let order = `${orderBy[p.sort]}, l.id`;
  // Candidates come from the narrow search_listing (stage and pricing_model lower-cased there).
  let from = 'search_listing l';
  if (terms.length) {
    ctes.push(
      'terms as (select value as term, ordinality as ord from json_array_elements_text(?::json) with ordinality)',
      `search as materialized (select ${tsquerySql(joiner)} as tsq)`,
    );
    cteParams.push(jsonParam(terms));
    from = 'search_listing l, search';
    where.push('l.search_vector @@ search.tsq');
    if (p.sort === 'relevance') {
      // An exact name first, then hits in the name, then in tagline and keywords, then votes
      // (tiers of cheap matches on small vectors: a rank function per match costs far more).
      order = `(l.name_key = ?) desc, (l.name_vector @@ search.tsq) desc, (l.title_vector @@ search.tsq) desc, l.vote_count desc, l.id`;
      orderParams.push(terms.join(' '));
    }
  }
  const matches = `from ${from} where ${where.join(' and ')}`;

  // Ids, order and total over cheap columns first; the JSON only for the rows of the page. The
  // page is a top-N sort (not a sort of every match); row_number() over () keeps its order.
  ctes.push(`page as (
      select id, total, row_number() over () as n from (
        select l.id, count(*) over () as total ${matches} order by ${order} limit ? offset ?) ranked)`);
  const rows = await preparedQuery<{ item: Summary; total: string }>(
    em,
    `with ${ctes.join(', ')}
     select ${summaryJson()} as item, page.total from page join listing l on l.id = page.id order by page.n`,
    [...cteParams, ...params, ...orderParams, p.perPage, offsetOf(p.page, p.perPage)],
  );
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && p.page > 1) {
    // Past the last page the window count has no row to ride on.
    const searchCtes = ctes.slice(0, -1);
    const [counted] = await query<{ total: string }>(
      em,
      `${searchCtes.length ? `with ${searchCtes.join(', ')} ` : ''}select count(*) as total ${matches}`,
      [...cteParams, ...params],
    );
    total = Number(counted.total);
  }
  return pageOf(rows.map((r) => withUrl(r.item, publicUrl)), total, p.page, p.perPage);
}
