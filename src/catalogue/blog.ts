import type { EntityManager } from '@mikro-orm/postgresql';
import type { BlogPage, BlogPost } from './schemas.js';
import { notFound } from '../errors.js';
import { pageLimit, readPage } from '../platform/paging.js';
import { query, sql } from '../platform/sql.js';

export function blogPostUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/blog/${slug}`;
}

/** Published posts, newest first; with q, the best matches first. */
export async function listBlogPosts(
  em: EntityManager,
  siteId: number,
  publicUrl: string,
  q: string | undefined,
  page: number,
  perPage: number,
): Promise<BlogPage> {
  const match = q?.trim() ? sql`websearch_to_tsquery('simple', immutable_unaccent(${q}))` : undefined;
  const matches = sql`from blog_post b where b.site_id = ${siteId} and b.published_at <= now()${match ? sql` and b.search_vector @@ ${match}` : sql``}`;
  const order = match
    ? sql`ts_rank_cd(b.search_vector, ${match}) desc, b.published_at desc`
    : sql`b.published_at desc, b.id desc`;
  return readPage(
    (statement) => query(em, statement),
    {
      rows: sql<{
        item: Omit<BlogPage['items'][number], 'url'>;
        total: string;
      }>`select json_build_object('slug', b.slug, 'title', b.title, 'summary', b.summary, 'author', b.author,
        'published_at', iso_utc(b.published_at)) as item, count(*) over () as total
     ${matches} order by ${order} ${pageLimit(page, perPage)}`,
      count: sql<{ total: string }>`select count(*) as total ${matches}`,
    },
    page,
    perPage,
    (r) => ({ ...r.item, url: blogPostUrl(publicUrl, r.item.slug) }),
  );
}

/** The full post as Markdown, with its FAQs. */
export async function getBlogPost(em: EntityManager, siteId: number, publicUrl: string, slug: string): Promise<BlogPost> {
  const [row] = await query(
    em,
    sql<{
      post: Omit<BlogPost, 'url'>;
    }>`select json_build_object('slug', b.slug, 'title', b.title, 'summary', b.summary, 'author', b.author,
        'published_at', iso_utc(b.published_at), 'markdown', b.body_markdown, 'faqs', b.faqs) as post
     from blog_post b where b.site_id = ${siteId} and b.slug = ${slug} and b.published_at <= now()`,
  );
  if (!row) throw notFound(`Blog post ${slug}`);
  return { ...row.post, url: blogPostUrl(publicUrl, slug) };
}
