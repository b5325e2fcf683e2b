import type { RouterMiddleware as Middleware } from '@koa/router';
import type { CategoryTree } from '../../src/catalogue/schemas.js';
import type { AppDeps } from '../deps.js';
import { getCategory, listCategories } from '../operations/launches.js';
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
import { escapeHtml as e } from './html.js';

export function categoryLink(c: { slug: string; name: string; live_listings?: number }): string {
  const count = c.live_listings === undefined ? '' : ` <span class="muted">(${plural(c.live_listings, 'live listing')})</span>`;
  return `<a href="${e(categoryPath(c.slug))}">${e(c.name)}</a>${count}`;
}

/** Nested lists of the tree, each category with its live count (its subcategories included). */
function categoryTreeHtml(nodes: CategoryTree['items']): string {
  if (!nodes.length) return '';
  const items = nodes.map((n) => `<li>${categoryLink(n)}${categoryTreeHtml(n.subcategories)}</li>`);
  return `<ul>${items.join('\n')}</ul>`;
}

export function categoriesPage(deps: AppDeps): Middleware {
  return async (ctx) => {
    const tree = await readOperation(ctx, deps, listCategories);
    const body = tree.items.length
      ? `<p>Every category with its number of live listings (subcategories included).</p>\n${categoryTreeHtml(tree.items)}`
      : '<p class="muted">No categories yet.</p>';
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
    const faqs = category.faqs.map((f) => `<dt>${e(f.question)}</dt><dd class="pre">${e(f.answer)}</dd>`).join('\n');
    const body = `${category.parent ? `<p class="muted">In ${categoryLink(category.parent)}</p>` : ''}
${category.description ? `<p class="pre">${e(category.description)}</p>` : ''}
${category.subcategories.length ? `<h2>Subcategories</h2>\n<ul>${category.subcategories.map((s) => `<li>${categoryLink(s)}</li>`).join('')}</ul>` : ''}
<h2>Live listings, most voted first</h2>
${listingList(category.listings.items, 'No live listings in this category yet.')}
${pager(categoryPath(category.slug), {}, category.listings)}
${faqs ? `<h2>Questions</h2>\n<dl>${faqs}</dl>` : ''}
<p><a href="/categories">All categories</a></p>`;
    sendPage(ctx, deps, category.name, body, {
      description: clip(
        category.description || `${category.name}: ${plural(category.listings.total, 'live listing')}, most voted first.`,
      ),
      canonical: canonicalUrl(deps, categoryPath(category.slug), category.listings.page),
    });
  };
}
