import type { EntityManager } from '@mikro-orm/postgresql';
import { offsetOf, pageOf } from '../domain/pagination.js';
import { notFound } from '../errors.js';
import { query, type Json } from './sql.js';

export function blogPostUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/blog/${slug}`;
}

/** Published posts, newest first; with q, the best matches first. */
export async function listBlogPosts(em: EntityManager, siteId: number, publicUrl: string, q: string | undefined, page: number, perPage: number): Promise<object> {
  const where = ['b.site_id = ?', 'b.published_at <= now()'];
  const params: unknown[] = [siteId];
  let order = 'b.published_at desc, b.id desc';
  const orderParams: unknown[] = [];
  const match = `websearch_to_tsquery('simple', immutable_unaccent(?))`;
  if (q?.trim()) {
    where.push(`b.search_vector @@ ${match}`);
    params.push(q);
    order = `ts_rank_cd(b.search_vector, ${match}) desc, b.published_at desc`;
    orderParams.push(q);
  }
  const rows = await query<{ item: Json & { slug: string }; total: string }>(
    em,
    `select json_build_object('slug', b.slug, 'title', b.title, 'summary', b.summary, 'author', b.author,
        'published_at', iso_utc(b.published_at)) as item, count(*) over () as total
     from blog_post b where ${where.join(' and ')} order by ${order} limit ? offset ?`,
    [...params, ...orderParams, perPage, offsetOf(page, perPage)],
  );
  const items = rows.map((r) => ({ ...r.item, url: blogPostUrl(publicUrl, r.item.slug) }));
  return pageOf(items, rows.length ? Number(rows[0].total) : 0, page, perPage);
}

/** The full post as Markdown, with its FAQs. */
export async function getBlogPost(em: EntityManager, siteId: number, publicUrl: string, slug: string): Promise<Json> {
  const [row] = await query<{ post: Json }>(
    em,
    `select json_build_object('slug', b.slug, 'title', b.title, 'summary', b.summary, 'author', b.author,
        'published_at', iso_utc(b.published_at), 'markdown', b.body_markdown, 'faqs', b.faqs) as post
     from blog_post b where b.site_id = ? and b.slug = ? and b.published_at <= now()`,
    [siteId, slug],
  );
  if (!row) throw notFound(`Blog post ${slug}`);
  return { ...row.post, url: blogPostUrl(publicUrl, slug) };
}
