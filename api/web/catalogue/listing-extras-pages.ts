import { fieldLabel as label } from '../shared/labels.js';
import type { RouterMiddleware as Middleware } from '@koa/router';
import type { Comparison } from '../../../src/catalogue/schemas.js';
import { badgeModes, badgeShapes, badgeSizes } from '../../../src/domain/badges.js';
import { html, joinHtml, type Html } from '../../../src/platform/html.js';
import type { AppDeps } from '../../deps.js';
import { compareListings, getAlternatives, getBadges } from '../../operations/listings.js';
import {
  externalLink,
  listingLink,
  listingList,
  listingPath,
  pathSlug,
  plural,
  readOperation,
  sendPage,
} from './catalogue-html.js';

function cell(value: Comparison['rows'][number]['a']): Html {
  if (value === null) return html`<span class="muted">not stated</span>`;
  if (Array.isArray(value)) return html`${value.join(', ')}`;
  if (typeof value === 'object')
    return html`${value.average === null ? 'No reviews yet' : `${value.average} out of 5 from ${plural(value.count, 'review')}`}`;
  return typeof value === 'string' && /^https?:\/\//.test(value) ? externalLink(value) : html`${String(value)}`;
}

/** Two listings side by side (compare_listings); without both slugs, the form to choose them. */
export function comparePage(deps: AppDeps): Middleware {
  return async (ctx) => {
    const a = typeof ctx.query.a === 'string' ? ctx.query.a : '';
    const b = typeof ctx.query.b === 'string' ? ctx.query.b : '';
    const chooser = html`<form method="get" action="/compare"><label>First listing (slug) <input type="text" name="a" maxlength="220" value="${a}" required></label> <label>Second listing (slug) <input type="text" name="b" maxlength="220" value="${b}" required></label> <button type="submit">Compare</button></form>`;
    if (!a || !b) {
      sendPage(ctx, deps, 'Compare two listings', chooser, {
        description: 'Put two listed products side by side, fact by fact.',
        canonical: `${deps.config.publicUrl}/compare`,
      });
      return;
    }
    const c = await readOperation(ctx, deps, compareListings, {}, { a, b });
    const rows = c.rows.map(
      (r) => html`<tr><th scope="row">${label(r.fact)}</th><td>${cell(r.a)}</td><td>${cell(r.b)}</td></tr>`,
    );
    const body = html`<div class="scroll"><table><thead><tr><th scope="col">Fact</th><th scope="col">${listingLink(c.a)}</th><th scope="col">${listingLink(c.b)}</th></tr></thead>
<tbody>${joinHtml(rows, '\n')}</tbody></table></div>
<p class="muted">“Not stated” means the listing does not say it; nothing is guessed.</p>
${chooser}`;
    sendPage(ctx, deps, `${c.a.name} vs ${c.b.name}`, body, {
      description: `${c.a.name} and ${c.b.name} side by side: pricing, features, founders, votes and ratings.`,
      canonical: `${deps.config.publicUrl}/compare?a=${encodeURIComponent(c.a.slug)}&b=${encodeURIComponent(c.b.slug)}`,
    });
  };
}

/** Alternatives to a listing (get_alternatives): the owner's picks first, then the same category. */
export function alternativesPage(deps: AppDeps): Middleware {
  return async (ctx) => {
    const slug = pathSlug(ctx.params.slug, `Listing ${ctx.params.slug}`);
    const alt = await readOperation(ctx, deps, getAlternatives, { slug });
    const approved = alt.items.filter((i) => i.approved);
    const others = alt.items.filter((i) => !i.approved);
    const compare = (other: string) => `/compare?a=${encodeURIComponent(alt.listing.slug)}&b=${encodeURIComponent(other)}`;
    const body = html`<p>Alternatives to ${listingLink(alt.listing)}.</p>
${approved.length > 0 && html`<h2>Chosen by ${alt.listing.name}</h2>${listingList(approved, '', 'other')}`}
<h2>In the same category, most voted first</h2>
${listingList(others, 'No other listing in this category yet.', 'other')}
${alt.items.length > 0 && html`<h2>Compare</h2><ul>${alt.items.map((i) => html`<li><a href="${compare(i.slug)}">${alt.listing.name} vs ${i.name}</a></li>`)}</ul>`}`;
    sendPage(ctx, deps, `Alternatives to ${alt.listing.name}`, body, {
      description: `Products like ${alt.listing.name}: the ones its makers name and the most voted in its category.`,
      canonical: `${deps.config.publicUrl}${listingPath(alt.listing.slug)}/alternatives`,
    });
  };
}

/** The badge of a listing (get_badges): the chosen style's embed code, and a preview of every style. */
export function badgesPage(deps: AppDeps): Middleware {
  return async (ctx) => {
    const slug = pathSlug(ctx.params.slug, `Listing ${ctx.params.slug}`);
    const b = await readOperation(ctx, deps, getBadges, { slug }, ctx.query);
    const path = `${listingPath(b.listing.slug)}/badges`;
    const select = (name: string, values: readonly string[], chosen: string) =>
      html`<label>${label(name)} <select name="${name}">${values.map((v) => html`<option value="${v}"${v === chosen && html` selected`}>${v}</option>`)}</select></label>`;
    const styles = b.styles.map((s) => {
      const chosen = s.shape === b.badge.shape && s.mode === b.badge.mode && s.size === b.badge.size;
      return html`<figure${chosen && html` class="note"`}><img src="${s.image_url}" alt="${b.listing.name} badge, ${s.shape} ${s.mode} ${s.size}" loading="lazy">
<figcaption>${s.shape}, ${s.mode}, size ${s.size}${chosen ? html` <strong>(chosen)</strong>` : html` · <a href="${path}?shape=${s.shape}&amp;mode=${s.mode}&amp;size=${s.size}#embed">Use this one</a>`}</figcaption></figure>`;
    });
    const body = html`<p>Put this badge on ${listingLink(b.listing)}'s homepage: it links to the listing here. A free-plan listing goes live once the badge is on its homepage.</p>
<section id="embed"><h2>Embed code</h2>
<p><img src="${b.badge.image_url}" alt="${b.listing.name} badge, ${b.badge.shape} ${b.badge.mode} ${b.badge.size}"></p>
<p><label for="embed-code">Copy this HTML into your page</label></p>
<textarea id="embed-code" rows="4" readonly>${b.badge.embed_html}</textarea>
<form method="get" action="${path}">${select('shape', badgeShapes, b.badge.shape)} ${select('mode', badgeModes, b.badge.mode)} ${select('size', badgeSizes, b.badge.size)} <button type="submit">Show this style</button></form></section>
<h2>Every style (${b.styles.length})</h2>
<div class="badge-grid">${joinHtml(styles, '\n')}</div>`;
    sendPage(ctx, deps, `Badges for ${b.listing.name}`, body, {
      description: `Embed code and every badge style for ${b.listing.name} on ${deps.config.site.name}.`,
      canonical: `${deps.config.publicUrl}${path}`,
      noindex: Object.keys(ctx.query).length > 0,
    });
  };
}
