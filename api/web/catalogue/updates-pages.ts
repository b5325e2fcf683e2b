import Router from '@koa/router';
import { Feed } from 'feed';
import { latestUpdates, type FeedEntry } from '../../../src/listings/updates.js';
import { html, joinHtml } from '../../../src/platform/html.js';
import type { AppDeps } from '../../deps.js';
import { page } from '../shared/layout.js';
import { reportPath } from '../moderation/report-pages.js';
import { sendHtml } from '../shared/respond.js';
import { goPath } from '../../../src/domain/analytics.js';

const feedSize = 50;

/** The latest-updates feed: what owners posted on visible listings, newest first, as a page and as Atom. */
export function updatesRouter(deps: AppDeps): Router {
  const router = new Router();
  const { publicUrl } = deps.config;
  const siteName = deps.config.site.name;

  router.get('/updates', async (ctx) => {
    const entries = await latestUpdates(ctx.state.em, deps.site.id, publicUrl, feedSize);
    const list = entries.map(
      (e) => html`<article class="update" id="update-${String(e.id)}"><h2>${e.title}</h2>
<p class="muted"><a href="${e.listing.url}">${e.listing.name}</a>, ${e.posted_at.slice(0, 10)}${e.listing.visit_url && html` · <a href="${goPath(e.listing.slug, 'feed')}" rel="nofollow" aria-label="Visit website of ${e.listing.name}">Visit website</a>`}</p><p class="pre">${e.body}</p>
<p class="muted"><a href="${reportPath('update', e.id)}" rel="nofollow">Report</a></p></article>`,
    );
    ctx.set('Cache-Control', 'public, max-age=60');
    sendHtml(
      ctx,
      page(
        'Latest updates',
        html`<p class="muted">News from the founders of listed products. <a href="/updates.atom">Atom feed</a></p>${list.length ? joinHtml(list, '\n') : html`<p>No updates yet.</p>`}`,
        {
          siteName,
          description: `The latest news posted by the founders of products listed on ${siteName}.`,
          canonical: `${publicUrl}/updates`,
        },
      ),
    );
  });

  router.get('/updates.atom', async (ctx) => {
    const entries = await latestUpdates(ctx.state.em, deps.site.id, publicUrl, feedSize);
    ctx.type = 'application/atom+xml; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = atomFeed(entries, publicUrl, siteName);
  });
  return router;
}

/** Titles and bodies are plain text; the feed carries them escaped, so a reader shows them as written. */
function atomFeed(entries: FeedEntry[], publicUrl: string, siteName: string): string {
  const feed = new Feed({
    id: `${publicUrl}/updates`,
    title: `${siteName}: latest updates`,
    link: `${publicUrl}/updates`,
    feedLinks: { atom: `${publicUrl}/updates.atom` },
    updated: entries[0] ? new Date(entries[0].posted_at) : new Date(0),
    copyright: siteName,
  });
  for (const entry of entries) {
    feed.addItem({
      id: `${publicUrl}/updates#update-${entry.id}`,
      title: html`${entry.listing.name}: ${entry.title}`.toString(),
      link: entry.listing.url,
      date: new Date(entry.posted_at),
      description: html`${entry.body}`.toString(),
      // The company wrote the update: its link is its website, through /go so that the click counts.
      author: [{ name: entry.listing.name, link: entry.listing.visit_url ?? entry.listing.url }],
    });
  }
  return feed.atom1();
}
