import type { SearchParams } from '../../src/catalogue/listing-search.js';
import type { ListingPage } from '../../src/catalogue/schemas.js';
import { searchTerms } from '../../src/domain/search-terms.js';
import { isoDate, mondayOf } from '../../src/domain/weeks.js';
import { notFound } from '../../src/errors.js';
import { pageLimit, readPage } from '../../src/platform/paging.js';
import { prepared, sql, type ReadPool, type Sql } from '../../src/platform/sql.js';
import { withUrl, type Summary } from '../../src/catalogue/sql.js';

/**
 * search_listings as it was before the search-at-scale work (issue 16), kept whole, SQL included,
 * so that the equivalence test compares today's search with it on the same data.
 */

const summaryJson = sql`json_build_object(
    'id', l.id, 'slug', l.slug, 'name', l.name, 'tagline', l.tagline,
    'website_url', l.website_url, 'logo_url', l.logo_url,
    'primary_category', (select json_build_object('slug', c.slug, 'name', c.name) from category c where c.id = l.category_ids[1]),
    'country', l.country, 'pricing_model', l.pricing_model, 'stage', l.stage, 'status', l.status,
    'launch_week', l.launch_week, 'launched_at', iso_utc(l.launched_at),
    'votes', l.vote_count, 'followers', l.follower_count, 'views', l.view_count)`;

// At the test's pinned `now` rather than the query's now(): trending orders drift as the clock runs.
const trendingScore = (now: Date) =>
  sql`l.vote_count / power(greatest(extract(epoch from ${now.toISOString()}::timestamptz - coalesce(l.launched_at, l.created_at))::float8 / 3600, 0) + 2, 1.5)`;

function descendantCategories(siteId: number, slug: string): Sql {
  return sql`(with recursive tree as (
    select id from category where site_id = ${siteId} and slug = ${slug}
    union all
    select c.id from category c join tree t on c.parent_id = t.id
  ) select coalesce(array_agg(id), '{}') from tree)`;
}

const tsquerySql = (
  joiner: '&' | '|',
) => sql`(select to_tsquery('simple', string_agg(alternatives, ${sql.raw(`' ${joiner} '`)})) from (
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

const orderBy = (now: Date): Record<SearchParams['sort'], Sql> => ({
  relevance: sql`l.vote_count desc`,
  newest: sql`coalesce(l.launched_at, l.launch_week::timestamptz, l.created_at) desc`,
  votes: sql`l.vote_count desc`,
  trending: sql`${trendingScore(now)} desc`,
  most_viewed: sql`l.view_count desc`,
  most_followed: sql`l.follower_count desc`,
});

export async function referenceSearch(
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
  let order = sql`${orderBy(now)[p.sort]}, l.id`;
  let from = sql`search_listing l`;
  if (terms.length) {
    ctes.push(
      sql`terms as (select value as term, ordinality as ord from json_array_elements_text(${sql.json(terms)}::json) with ordinality)`,
      sql`search as materialized (select ${tsquerySql(joiner)} as tsq)`,
    );
    from = sql`search_listing l, search`;
    where.push(sql`l.search_vector @@ search.tsq`);
    if (p.sort === 'relevance') {
      order = sql`(l.name_key = ${terms.join(' ')}) desc, (l.name_vector @@ search.tsq) desc, (l.title_vector @@ search.tsq) desc, l.vote_count desc, l.id`;
    }
  }
  const matches = sql`from ${from} where ${sql.join(where, ' and ')}`;
  const searchCtes = ctes.length ? sql`with ${sql.join(ctes)} ` : sql``;

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
