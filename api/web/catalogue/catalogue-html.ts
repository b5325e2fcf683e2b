import type { Context } from 'koa';
import type { z } from 'zod';
import type { ListingSummary } from '../../../src/catalogue/schemas.js';
import type { Page } from '../../../src/domain/pagination.js';
import { notFound } from '../../../src/errors.js';
import { goPath, type ClickPlace } from '../../../src/domain/analytics.js';
import type { AppDeps } from '../../deps.js';
import { execute } from '../../execute.js';
import { operationContext } from '../../operation-context.js';
import { slug as slugSchema } from '../../operations/common.js';
import type { Operation } from '../../operations/registry.js';
import { html, joinHtml, type Html } from '../../../src/platform/html.js';
import { page, type PageMeta } from '../shared/layout.js';
import { renderedOnce } from '../shared/rendered-once.js';
import { sendHtml } from '../shared/respond.js';

/** HTML pieces and the request plumbing the public catalogue pages share. */

/** A listing in a list; a ranking (a launch week) also gives its rank. */
export type ListedListing = ListingSummary & { rank?: number };

/**
 * Runs a public read operation through the same pipeline as REST and MCP, so a page shows
 * exactly what the API answers and bad input is the same 4xx (rendered as HTML).
 */
export async function readOperation<O extends z.ZodType>(
  ctx: Context,
  deps: AppDeps,
  op: Operation & { output: O },
  path: Record<string, unknown> = {},
  query: Record<string, unknown> = {},
): Promise<z.output<O>> {
  const result = await execute(op, { path, query, body: undefined }, operationContext(ctx, deps));
  // The body is what the handler returned for this output (dates as Date until sent as JSON).
  return result.body as z.output<O>;
}

/** Sends a public page: the same for every visitor, so shared caches may keep it a minute. */
export function sendPage(ctx: Context, deps: AppDeps, title: string, body: Html, meta: PageMeta = {}): void {
  ctx.set('Cache-Control', 'public, max-age=60');
  sendHtml(ctx, page(title, body, { ...meta, siteName: deps.config.site.name }));
}

/** A page address names a thing or nothing: a malformed slug is a page not found, not bad input. */
export function pathSlug(value: string, what: string): string {
  if (!slugSchema.safeParse(value).success) throw notFound(what);
  return value;
}

/** A field or key name as readers say it: "pricing_model" is "Pricing model". */
export function listingPath(slug: string): string {
  return `/listings/${encodeURIComponent(slug)}`;
}

export function categoryPath(slug: string): string {
  return `/categories/${encodeURIComponent(slug)}`;
}

export function listingLink(listing: Pick<ListingSummary, 'slug' | 'name'>): Html {
  return html`<a href="${listingPath(listing.slug)}">${listing.name}</a>`;
}

/** Made once: `toLocaleString` builds a formatter on every call, tens of microseconds on a busy page. */
const counted = new Intl.NumberFormat('en-US');

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${counted.format(n)} ${n === 1 ? one : many}`;
}

export { dollars } from '../../../src/domain/money.js';

/**
 * A listing's logo in a fixed square: an address that fails to load (or is not http(s)) still
 * takes exactly that square, so a broken logo never moves the layout. Decorative: the name follows.
 */
export function logo(listing: Pick<ListingSummary, 'name' | 'logo_url'>, className = 'logo'): Html {
  const initial = listing.name.trim().charAt(0).toUpperCase();
  return listing.logo_url && isWebAddress(listing.logo_url)
    ? html`<img class="${className}" src="${listing.logo_url}" alt="" width="48" height="48" loading="lazy" referrerpolicy="no-referrer" data-initial="${initial}">`
    : html`<span class="${className}" aria-hidden="true">${initial}</span>`;
}

export function categoryChip(category: { slug: string; name: string }): Html {
  return html`<a class="chip" href="${categoryPath(category.slug)}">${category.name}</a>`;
}

/**
 * A link to a listing's website through /go, counted for its place (docs/analytics.md); none when
 * the website is not an http(s) address. The listing's name says which website, for screen readers.
 */
export function visitLink(listing: Pick<ListingSummary, 'slug' | 'name' | 'website_url'>, place: ClickPlace): Html | null {
  if (!listing.website_url || !isWebAddress(listing.website_url)) return null;
  return html`<a href="${goPath(listing.slug, place)}" rel="nofollow" aria-label="Visit website of ${listing.name}">Visit website</a>`;
}

/** Before launch a listing's followers are the people who asked to be notified when it goes live. */
export function notifyCount(followers: number): string {
  return `${plural(followers, 'person', 'people')} asked to be notified`;
}

/** One listing in a list: rank, logo, name, tagline, category chip, its website, and its community votes. */
function listingItem(listing: ListedListing, place: ClickPlace): Html {
  const visit = visitLink(listing, place);
  return html`<li>${listing.rank !== undefined && html`<span class="rank">#${listing.rank}</span>`}${logo(listing)}
<div class="row-main">${listingLink(listing)}${listing.tagline && ` — ${listing.tagline}`}
<br>${listing.primary_category && html`${categoryChip(listing.primary_category)} `}<span class="muted">${listing.status === 'scheduled' ? notifyCount(listing.followers) : plural(listing.followers, 'follower')}</span>${visit && html` · ${visit}`}</div>
<span class="votes">${plural(listing.votes, 'vote')}</span></li>`;
}

/** Per place, a list rendered once per answer (a week page lists up to a hundred listings). */
const renderedLists = new Map<ClickPlace, (listings: readonly ListedListing[]) => Html>();

/** A list of listings; `place` is where their website links are counted as coming from. */
export function listingList(listings: readonly ListedListing[], empty: string, place: ClickPlace): Html {
  if (!listings.length) return html`<p class="muted">${empty}</p>`;
  let render = renderedLists.get(place);
  if (!render) {
    render = renderedOnce(
      (items: readonly ListedListing[]) =>
        html`<ol class="listings">${joinHtml(
          items.map((listing) => listingItem(listing, place)),
          '\n',
        )}</ol>`,
    );
    renderedLists.set(place, render);
  }
  return render(listings);
}

/** Previous and next links that keep the page's other query parameters. */
export function pager(path: string, params: Record<string, string | undefined>, p: Page<unknown>): Html | null {
  if (p.total_pages <= 1) return null;
  const href = (n: number) => {
    const query = new URLSearchParams(
      Object.entries({ ...params, page: n > 1 ? String(n) : undefined }).filter((kv): kv is [string, string] => !!kv[1]),
    );
    const text = query.toString();
    return text ? `${path}?${text}` : path;
  };
  const prev = p.page > 1 && html`<a rel="prev" href="${href(p.page - 1)}">← Previous</a> `;
  const next = p.page < p.total_pages && html` <a rel="next" href="${href(p.page + 1)}">Next →</a>`;
  return html`<p>${prev}<span class="muted">Page ${p.page} of ${p.total_pages} (${plural(p.total, 'result')})</span>${next}</p>`;
}

/** A link to an address a listing supplied: only http(s) ever becomes a link, the rest stays text. */
export function externalLink(url: string, label = url): Html {
  return isWebAddress(url) ? html`<a href="${url}" rel="nofollow ugc noopener">${label}</a>` : html`${label}`;
}

export function isWebAddress(url: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** The canonical address of a page on this site, with the page number when past the first. */
export function canonicalUrl(deps: AppDeps, path: string, pageNumber = 1): string {
  return `${deps.config.publicUrl}${path}${pageNumber > 1 ? `?page=${pageNumber}` : ''}`;
}

/** At most `max` characters, for meta descriptions. */
export function clip(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
