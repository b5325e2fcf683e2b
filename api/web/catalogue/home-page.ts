import type { RouterMiddleware as Middleware } from '@koa/router';
import { topCategories } from '../../../src/catalogue/categories.js';
import type { AppDeps } from '../../deps.js';
import { getLaunchWeek } from '../../operations/launches.js';
import { searchListings } from '../../operations/listings.js';
import { getSiteInfo } from '../../operations/site.js';
import { canonicalUrl, listingList, pager, plural, readOperation, sendPage } from './catalogue-html.js';
import { categoryLink } from './category-pages.js';
import { html } from '../../../src/platform/html.js';
import { leaderboardLinks } from './leaderboard-pages.js';

/** The home page: what the site is, search, this week's launches, ways in for people and agents. */
export function homePage(deps: AppDeps): Middleware {
  return async (ctx) => {
    const q = ctx.query.q;
    const searching = q !== undefined && q !== '';
    // Search input goes through search_listings as given, so its bounds answer 400 here too.
    const results = searching ? await readOperation(ctx, deps, searchListings, {}, { q, page: ctx.query.page }) : undefined;
    const site = await readOperation(ctx, deps, getSiteInfo);
    const week = await readOperation(ctx, deps, getLaunchWeek, { week: 'this' });
    // Names only: live counts cost a pass over every listing, and /categories shows them.
    const categories = await topCategories(ctx.state.em, deps.site.id);

    const found =
      results &&
      html`<section id="results"><h2>Results for “${String(q)}”</h2>
${listingList(results.items, 'No listing matches these words. Try fewer or other words.', 'search')}
${pager('/', { q: String(q) }, results)}</section>`;
    const body = html`<p>${site.purpose}</p>
<p class="muted">${plural(site.counts.live_listings, 'live listing')} in ${plural(site.counts.categories, 'category', 'categories')}.</p>
<form role="search" method="get" action="/"><label>Search listings <input type="search" name="q" maxlength="200" value="${searching ? String(q) : ''}" placeholder="name, purpose or keyword"></label> <button type="submit">Search</button></form>
${found}
<section id="this-week"><h2>This week's launches</h2>
<p class="muted">${week.starts_on} to ${week.ends_on} (UTC), ranked by community votes.</p>
${listingList(week.items, 'No launches yet this week.', 'week')}</section>
<section id="categories"><h2>Categories</h2>
<ul>${categories.map((c) => html`<li>${categoryLink(c)}</li>`)}</ul>
<p><a href="/categories">All categories and subcategories</a></p></section>
<section id="leaderboards"><h2>Leaderboards</h2>
${leaderboardLinks()}</section>
<section class="note" id="for-agents"><h2>For agents and developers</h2>
<p>Everything on this site is also available as a REST API and as MCP tools of the same names.</p>
<ul><li>API reference: <a href="${site.docs_url}">${site.docs_url}</a></li>
<li>OpenAPI 3.1: <a href="${site.openapi_url}">${site.openapi_url}</a></li>
<li>MCP server: <code>${site.mcp_url}</code></li></ul></section>`;
    sendPage(ctx, deps, site.name, body, {
      documentTitle: searching ? `${String(q)} · ${site.name}` : site.name,
      description: site.purpose,
      canonical: canonicalUrl(deps, '/'),
      noindex: searching,
    });
  };
}
