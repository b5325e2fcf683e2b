import { fieldLabel as label } from '../shared/labels.js';
import type { RouterMiddleware as Middleware } from '@koa/router';
import { html, joinHtml } from '../../../src/platform/html.js';
import type { AppDeps } from '../../deps.js';
import { getFounder, listFounders } from '../../operations/founders-and-blog.js';
import {
  canonicalUrl,
  clip,
  externalLink,
  listingList,
  logo,
  pager,
  pathSlug,
  plural,
  readOperation,
  sendPage,
} from './catalogue-html.js';

const founderPath = (slug: string) => `/founders/${encodeURIComponent(slug)}`;

/** Founders of public listings (list_founders), searchable by name and country. */
export function foundersPage(deps: AppDeps): Middleware {
  return async (ctx) => {
    const founders = await readOperation(ctx, deps, listFounders, {}, ctx.query);
    const q = typeof ctx.query.q === 'string' ? ctx.query.q : '';
    const country = typeof ctx.query.country === 'string' ? ctx.query.country : '';
    const items = founders.items.map(
      (f) =>
        html`<li>${logo({ name: f.name, logo_url: f.avatar_url })}<div class="row-main"><a href="${founderPath(f.slug)}">${f.name}</a>${f.title && html`, ${f.title}`}
<br><span class="muted">${[f.country, plural(f.listings, 'live listing')].filter(Boolean).join(' · ')}</span></div></li>`,
    );
    const body = html`<form role="search" method="get" action="/founders"><label>Name <input type="search" name="q" maxlength="120" value="${q}"></label> <label>Country <input type="text" name="country" maxlength="2" size="2" value="${country}" pattern="[A-Za-z]{2}"></label> <button type="submit">Find founders</button></form>
${items.length ? html`<ol class="listings">${joinHtml(items, '\n')}</ol>` : html`<p class="muted">No founder matches.</p>`}
${pager('/founders', { q: q || undefined, country: country || undefined }, founders)}`;
    sendPage(ctx, deps, 'Founders', body, {
      description: `The people behind the products listed on ${deps.config.site.name}.`,
      canonical: canonicalUrl(deps, '/founders', founders.page),
      noindex: !!(q || country),
    });
  };
}

/** A founder's profile (get_founder): bio, socials, companies, stories and interview answers. */
export function founderPage(deps: AppDeps): Middleware {
  return async (ctx) => {
    const slug = pathSlug(ctx.params.slug, `Founder ${ctx.params.slug}`);
    const f = await readOperation(ctx, deps, getFounder, { slug });
    const socials = Object.entries(f.socials).filter(([, url]) => url);
    const stories = f.stories.map(
      (s) => html`<article><h3>${s.sections.title || `Building ${s.listing.name}`}</h3>
<p class="muted">About <a href="/listings/${s.listing.slug}">${s.listing.name}</a>${s.published_at && html`, ${s.published_at.slice(0, 10)}`}</p>
${joinHtml(
  Object.entries(s.sections)
    .filter(([key, text]) => key !== 'title' && text)
    .map(([key, text]) => html`<h4>${label(key)}</h4><p class="pre">${text}</p>`),
  '\n',
)}</article>`,
    );
    const body = html`<div class="head">${logo({ name: f.name, logo_url: f.avatar_url }, 'logo big')}<div><p>${[f.title, f.country].filter(Boolean).join(' · ')}</p></div></div>
${f.bio && html`<p class="pre">${f.bio}</p>`}
${socials.length > 0 && html`<h2>Social profiles</h2><ul>${socials.map(([platform, url]) => html`<li>${label(platform)}: ${externalLink(url)}</li>`)}</ul>`}
<h2>Companies</h2>
${listingList(f.companies, 'No public listing yet.', 'founder')}
${stories.length > 0 && html`<h2>Founder stories</h2>${joinHtml(stories, '\n')}`}
${
  f.interview.length > 0 &&
  html`<h2>Interview</h2><dl>${joinHtml(
    f.interview.map((a) => html`<dt>${a.question}</dt><dd class="pre">${a.answer}</dd>`),
    '\n',
  )}</dl>`
}
<p><a href="/founders">All founders</a></p>`;
    sendPage(ctx, deps, f.name, body, {
      description: clip(f.bio || `${f.name}${f.title ? `, ${f.title}` : ''}: founder on ${deps.config.site.name}.`),
      canonical: f.url,
      ogType: 'article',
    });
  };
}
