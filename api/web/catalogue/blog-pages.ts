import type { RouterMiddleware as Middleware } from '@koa/router';
import { html, joinHtml } from '../../../src/platform/html.js';
import { renderMarkdown } from '../../../src/platform/markdown.js';
import type { AppDeps } from '../../deps.js';
import { getBlogPost, listBlogPosts } from '../../operations/founders-and-blog.js';
import { canonicalUrl, clip, pager, pathSlug, readOperation, sendPage } from './catalogue-html.js';

const postPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

/** Blog posts (list_blog_posts), newest first, or the best matches of a search. */
export function blogPage(deps: AppDeps): Middleware {
  return async (ctx) => {
    const posts = await readOperation(ctx, deps, listBlogPosts, {}, ctx.query);
    const q = typeof ctx.query.q === 'string' ? ctx.query.q : '';
    const items = posts.items.map(
      (p) => html`<article class="post-summary"><h2><a href="${postPath(p.slug)}">${p.title}</a></h2>
<p class="muted">${p.published_at.slice(0, 10)}${p.author && html` · ${p.author}`}</p><p>${p.summary}</p></article>`,
    );
    const body = html`<form role="search" method="get" action="/blog"><label>Search posts <input type="search" name="q" maxlength="200" value="${q}"></label> <button type="submit">Search</button></form>
${items.length ? joinHtml(items, '\n') : html`<p class="muted">No post matches.</p>`}
${pager('/blog', { q: q || undefined }, posts)}`;
    sendPage(ctx, deps, 'Blog', body, {
      description: `Guides and news about launching products, from ${deps.config.site.name}.`,
      canonical: canonicalUrl(deps, '/blog', posts.page),
      noindex: !!q,
    });
  };
}

/** One post (get_blog_post): its Markdown rendered and sanitized, then its FAQs. */
export function blogPostPage(deps: AppDeps): Middleware {
  return async (ctx) => {
    const slug = pathSlug(ctx.params.slug, `Blog post ${ctx.params.slug}`);
    const post = await readOperation(ctx, deps, getBlogPost, { slug });
    const faqs = post.faqs.map((f) => html`<dt>${f.question}</dt><dd class="pre">${f.answer}</dd>`);
    const body = html`<p class="muted">${post.published_at.slice(0, 10)}${post.author && html` · ${post.author}`}</p>
<div class="post">${renderMarkdown(post.markdown)}</div>
${faqs.length > 0 && html`<section id="faqs"><h2>Questions and answers</h2><dl>${joinHtml(faqs, '\n')}</dl></section>`}
<p><a href="/blog">All posts</a></p>`;
    sendPage(ctx, deps, post.title, body, {
      description: clip(post.summary),
      canonical: post.url,
      ogType: 'article',
    });
  };
}
