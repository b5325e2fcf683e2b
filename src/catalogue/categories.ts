import type { EntityManager } from '@mikro-orm/postgresql';
import { categoryTree, type CategoryRow } from '../domain/category-tree.js';
import { offsetOf, pageOf } from '../domain/pagination.js';
import { notFound } from '../errors.js';
import { descendantCategoriesSql, query, summaryJson, withUrl, type Json, type Summary } from './sql.js';

/** Every category with the number of live listings in it or in any category below it. */
const countedCategoriesSql = `with recursive ancestry as (
    select id, id as ancestor from category where site_id = ?
    union all
    select a.id, c.parent_id from ancestry a join category c on c.id = a.ancestor where c.parent_id is not null
  ), counts as (
    select a.ancestor as id, count(distinct l.id) as n
    from listing l cross join unnest(l.category_ids) as cid join ancestry a on a.id = cid
    where l.site_id = ? and l.status = 'live' group by a.ancestor
  )
  select c.id, c.parent_id, c.slug, c.name, c.description, coalesce(counts.n, 0)::int as live_listings
  from category c left join counts on counts.id = c.id
  where c.site_id = ? order by c.position, c.name`;

export async function listCategories(em: EntityManager, siteId: number, includeEmpty: boolean): Promise<Json> {
  const rows = await query<CategoryRow>(em, countedCategoriesSql, [siteId, siteId, siteId]);
  return { items: categoryTree(rows, includeEmpty) };
}

/** The top of the tree without counts: cheap enough for every home page view. */
export async function topCategories(em: EntityManager, siteId: number): Promise<Array<{ slug: string; name: string }>> {
  return query(em, 'select slug, name from category where site_id = ? and parent_id is null order by position, name', [siteId]);
}

/** A category page: description, FAQs, parent, subcategories and its live listings, most voted first. */
export async function getCategory(em: EntityManager, siteId: number, publicUrl: string, slug: string, page: number, perPage: number): Promise<Json> {
  const [category] = await query<{ id: number; slug: string; name: string; description: string; faqs: Json[]; parent: Json | null }>(
    em,
    `select c.id, c.slug, c.name, c.description, c.faqs,
       (select json_build_object('slug', p.slug, 'name', p.name) from category p where p.id = c.parent_id) as parent
     from category c where c.site_id = ? and c.slug = ?`,
    [siteId, slug],
  );
  if (!category) throw notFound(`Category ${slug}`);
  const all = await query<CategoryRow>(em, countedCategoriesSql, [siteId, siteId, siteId]);
  const subcategories = all
    .filter((r) => r.parent_id === category.id)
    .map((r) => ({ slug: r.slug, name: r.name, live_listings: r.live_listings }));
  const rows = await query<{ item: Summary }>(
    em,
    `select ${summaryJson()} as item from listing l
     where l.site_id = ? and l.status = 'live' and l.category_ids && ${descendantCategoriesSql}
     order by l.vote_count desc, l.id limit ? offset ?`,
    [siteId, siteId, slug, perPage, offsetOf(page, perPage)],
  );
  const total = all.find((r) => r.id === category.id)?.live_listings ?? 0;
  const { id: _id, ...shown } = category;
  return {
    ...shown,
    subcategories,
    listings: pageOf(rows.map((r) => withUrl(r.item, publicUrl)), total, page, perPage),
  };
}
