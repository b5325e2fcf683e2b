import type { RouterMiddleware as Middleware } from '@koa/router';
import type { CategoryTree } from '../../../src/catalogue/schemas.js';
import type { AppDeps } from '../../deps.js';
import { getCategory, listCategories } from '../../operations/launches.js';
import {
  canonicalUrl,
  categoryPath,
  clip,
  listingList,
  pager,
  pathSlug,
  plural,
  readOperation,
  sendPage,
} from './catalogue-html.js';
import { html, joinHtml, type Html } from '../../../src/platform/html.js';

export function categoryLink(c: { slug: string; name: string; live_listings?: number }): Html {
  const count = c.live_listings !== undefined && html` <span class="muted">(${plural(c.live_listings, 'live listing')})</span>`;
  return html`<a href="${categoryPath(c.slug)}">${c.name}</a>${count}`;
}

/** Nested lists of the tree, each category with its live count (its subcategories included). */
function categoryTreeHtml(nodes: CategoryTree['items']): Html | null {
  if (!nodes.length) return null;
  const items = nodes.map((n) => html`<li>${categoryLink(n)}${categoryTreeHtml(n.subcategories)}</li>`);
  return html`<ul>${joinHtml(items, '\n')}</ul>`;
}

export function categoriesPage(deps: AppDeps): Middleware {
  return async (ctx) => {
    const tree = await readOperation(ctx, deps, listCategories);
    const body = tree.items.length
      ? html`<p>Every category with its number of live listings (subcategories included).</p>\n${categoryTreeHtml(tree.items)}`
      : html`<p class="muted">No categories yet.</p>`;
    sendPage(ctx, deps, 'Categories', body, {
      description: `Browse the ${deps.config.site.name} directory by category.`,
      canonical: canonicalUrl(deps, '/categories'),
    });
  };
}

export function categoryPage(deps: AppDeps): Middleware {
  return async (ctx) => {
    const slug = pathSlug(ctx.params.slug, `Category ${ctx.params.slug}`);
    const category = await readOperation(ctx, deps, getCategory, { slug }, ctx.query);
    const faqs = category.faqs.map((f) => html`<dt>${f.question}</dt><dd class="pre">${f.answer}</dd>`);
    const body = html`${category.parent && html`<p class="muted">In ${categoryLink(category.parent)}</p>`}
${category.description && html`<p class="pre">${category.description}</p>`}
${category.subcategories.length > 0 && html`<h2>Subcategories</h2>\n<ul>${category.subcategories.map((s) => html`<li>${categoryLink(s)}</li>`)}</ul>`}
<h2>Live listings, most voted first</h2>
${listingList(category.listings.items, 'No live listings in this category yet.', 'other')}
${pager(categoryPath(category.slug), {}, category.listings)}
${faqs.length > 0 && html`<h2>Questions</h2>\n<dl>${joinHtml(faqs, '\n')}</dl>`}
<p><a href="/categories">All categories</a></p>`;
    sendPage(ctx, deps, category.name, body, {
      description: clip(
        category.description || `${category.name}: ${plural(category.listings.total, 'live listing')}, most voted first.`,
      ),
      canonical: canonicalUrl(deps, categoryPath(category.slug), category.listings.page),
    });
  };
}
