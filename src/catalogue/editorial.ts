import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../platform/sql.js';

export interface Faq {
  question: string;
  answer: string;
}

export interface CategoryImport {
  slug: string;
  name: string;
  description?: string;
  faqs?: Faq[];
  subcategories?: CategoryImport[];
}

/**
 * Creates or updates categories from a tree (parents before children); a category keeps its
 * listings. Returns how many were written.
 */
export async function importCategories(em: EntityManager, siteId: number, tree: CategoryImport[]): Promise<number> {
  const rows: Array<{
    slug: string;
    name: string;
    description: string;
    faqs: Faq[];
    position: number;
    parent: string | null;
    depth: number;
  }> = [];
  const walk = (nodes: CategoryImport[], parent: string | null, depth: number) =>
    nodes.forEach((c, position) => {
      rows.push({ slug: c.slug, name: c.name, description: c.description ?? '', faqs: c.faqs ?? [], position, parent, depth });
      walk(c.subcategories ?? [], c.slug, depth + 1);
    });
  walk(tree, null, 0);
  await em.transactional(async (tx) => {
    for (let depth = 0; rows.some((r) => r.depth === depth); depth++) {
      await query(
        tx,
        sql`insert into category (site_id, parent_id, slug, name, description, faqs, position)
         select ${siteId}, (select id from category p where p.site_id = ${siteId} and p.slug = r.parent), r.slug, r.name, r.description, r.faqs, r.position
         from json_to_recordset(${sql.json(rows.filter((r) => r.depth === depth))}::json) as r(slug text, name text, description text, faqs jsonb, position int, parent text)
         on conflict (site_id, slug) do update set parent_id = excluded.parent_id, name = excluded.name,
           description = excluded.description, faqs = excluded.faqs, position = excluded.position`,
      );
    }
  });
  return rows.length;
}

export interface BlogPostInput {
  slug: string;
  title: string;
  summary: string;
  markdown: string;
  faqs: Faq[];
  author?: string;
  publishedAt: Date;
}

/** Publishes a post, or replaces the post of the same slug. Returns true when it was new. */
export async function upsertBlogPost(em: EntityManager, siteId: number, post: BlogPostInput): Promise<boolean> {
  const [row] = await query(
    em,
    sql<{ created: boolean }>`insert into blog_post (site_id, slug, title, summary, body_markdown, faqs, author, published_at)
     values (${siteId}, ${post.slug}, ${post.title}, ${post.summary}, ${post.markdown}, ${sql.json(post.faqs)}::jsonb, ${post.author ?? null}, ${post.publishedAt.toISOString()})
     on conflict (site_id, slug) do update set title = excluded.title, summary = excluded.summary, body_markdown = excluded.body_markdown,
       faqs = excluded.faqs, author = excluded.author, published_at = excluded.published_at
     returning (xmax = 0) as created`,
  );
  return row.created;
}
