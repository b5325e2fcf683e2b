import type { EntityManager } from '@mikro-orm/postgresql';
import type { CategoryDetail, CategoryTree } from './schemas.js';
import { categoryTree, type CategoryRow } from '../domain/category-tree.js';
import { pageOf } from '../domain/pagination.js';
import { notFound } from '../errors.js';
import { pageLimit } from '../platform/paging.js';
import { query, sql } from '../platform/sql.js';
import { descendantCategories, summaryJson, withUrl, type Summary } from './sql.js';

/** Every category with the number of live listings in it or in any category below it. */
const countedCategories = (siteId: number) => sql<CategoryRow>`with recursive ancestry as (
    select id, id as ancestor from category where site_id = ${siteId}
    union all
    select a.id, c.parent_id from ancestry a join category c on c.id = a.ancestor where c.parent_id is not null
  ), counts as (
    select a.ancestor as id, count(distinct l.id) as n
    from listing l cross join unnest(l.category_ids) as cid join ancestry a on a.id = cid
    where l.site_id = ${siteId} and l.status = 'live' group by a.ancestor
  )
  select c.id, c.parent_id, c.slug, c.name, c.description, coalesce(counts.n, 0)::int as live_listings
  from category c left join counts on counts.id = c.id
  where c.site_id = ${siteId} order by c.position, c.name`;

export async function listCategories(em: EntityManager, siteId: number, includeEmpty: boolean): Promise<CategoryTree> {
  const rows = await query(em, countedCategories(siteId));
  return { items: categoryTree(rows, includeEmpty) };
}

/** The top of the tree without counts: cheap enough for every home page view. */
export async function topCategories(em: EntityManager, siteId: number): Promise<Array<{ slug: string; name: string }>> {
  return query(
    em,
    sql<{
      slug: string;
      name: string;
    }>`select slug, name from category where site_id = ${siteId} and parent_id is null order by position, name`,
  );
}

/** A category page: description, FAQs, parent, subcategories and its live listings, most voted first. */
export async function getCategory(
  em: EntityManager,
  siteId: number,
  publicUrl: string,
  slug: string,
  page: number,
  perPage: number,
): Promise<CategoryDetail> {
  const [category] = await query(
    em,
    sql<
      { id: number } & Pick<CategoryDetail, 'slug' | 'name' | 'description' | 'faqs' | 'parent'>
    >`select c.id, c.slug, c.name, c.description, c.faqs,
       (select json_build_object('slug', p.slug, 'name', p.name) from category p where p.id = c.parent_id) as parent
     from category c where c.site_id = ${siteId} and c.slug = ${slug}`,
  );
  if (!category) throw notFound(`Category ${slug}`);
  const all = await query(em, countedCategories(siteId));
  const subcategories = all
    .filter((r) => r.parent_id === category.id)
    .map((r) => ({ slug: r.slug, name: r.name, live_listings: r.live_listings }));
  const rows = await query(
    em,
    // Walks the narrow copy's votes index (a vote must not touch listing's indexes).
    sql<{ item: Summary }>`select ${summaryJson} as item from search_listing s join listing l on l.id = s.id
     where s.site_id = ${siteId} and s.status = 'live' and s.category_ids && ${descendantCategories(siteId, slug)}
     order by s.vote_count desc, s.id ${pageLimit(page, perPage)}`,
  );
  const total = all.find((r) => r.id === category.id)?.live_listings ?? 0;
  const { id: _id, ...shown } = category;
  return {
    ...shown,
    subcategories,
    listings: pageOf(
      rows.map((r) => withUrl(r.item, publicUrl)),
      total,
      page,
      perPage,
    ),
  };
}
