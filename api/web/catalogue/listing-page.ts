import { fieldLabel as label } from '../shared/labels.js';
import type { Context } from 'koa';
import type { RouterMiddleware as Middleware } from '@koa/router';
import { AppError } from '../../../src/errors.js';
import { badgeSubject } from '../../../src/catalogue/badges.js';
import type { ListingProfile } from '../../../src/catalogue/schemas.js';
import type { AppDeps } from '../../deps.js';
import { storySections } from '../../operations/draft-schemas.js';
import { getListing } from '../../operations/listings.js';
import {
  listingPath,
  notifyCount,
  categoryChip,
  categoryPath,
  clip,
  logo,
  externalLink,
  isWebAddress,
  pathSlug,
  plural,
  readOperation,
  sendPage,
} from './catalogue-html.js';
import { html, joinHtml, type Html, type HtmlValue } from '../../../src/platform/html.js';
import type { ReviewRow } from '../../../src/community/reviews.js';
import { listingPageState } from '../../../src/community/viewer.js';
import { communityActions, reviewsSection, type Viewer } from '../community/community-html.js';
import { csrfToken } from '../shared/csrf.js';
import { sessionToken } from '../shared/session.js';
import { claimPath } from '../owner/submit-page.js';
import { voteLedgerSection } from './vote-ledger-pages.js';
import { reportPath } from '../moderation/report-pages.js';
import { goPath } from '../../../src/domain/analytics.js';
import { countVisit } from './go.js';
import { renderedOnce } from '../shared/rendered-once.js';

const section = (id: string, heading: string, content: Html | null) =>
  content && html`<section id="${id}"><h2>${heading}</h2>\n${content}</section>`;
const bullets = (items: readonly string[]) => (items.length ? html`<ul>${items.map((i) => html`<li>${i}</li>`)}</ul>` : null);
const notFoundNote = html`<em class="muted">not found on the company's website</em>`;

/** The public profile page of a listing: the data of get_listing, as HTML. */
export function listingPage(deps: AppDeps): Middleware {
  return async (ctx) => {
    const slug = pathSlug(ctx.params.slug, `Listing ${ctx.params.slug}`);
    let profile: ListingProfile;
    try {
      profile = await readOperation(ctx, deps, getListing, { slug });
    } catch (thrown) {
      if (!(thrown instanceof AppError) || thrown.status !== 404) throw thrown;
      return notPublicYet(ctx, deps, slug);
    }
    // The session is checked in the page's own read, saving a round trip on the hottest page.
    const { user, reviews, restricted, ...state } = await listingPageState(deps.readPool, profile.id, sessionToken(ctx));
    ctx.state.webUser = user;
    const visit = { listingId: profile.id, slug, place: '', referrerHost: null };
    await countVisit(ctx, deps, { kind: 'view', ...visit });
    if (state.following && profile.status === 'live') await countVisit(ctx, deps, { kind: 'follower_view', ...visit });
    const viewer: Viewer = user ? { signedIn: true, csrf: csrfToken(ctx, deps.keys.cookieKeys), state } : { signedIn: false };
    const description =
      profile.seo.description || profile.short_description || profile.tagline || `${profile.name} on ${deps.config.site.name}`;
    sendPage(ctx, deps, profile.name, profileBody(profile, viewer, reviews, restricted), {
      documentTitle: `${profile.seo.title || (profile.tagline ? `${profile.name}: ${profile.tagline}` : profile.name)} · ${deps.config.site.name}`,
      description: clip(description),
      canonical: profile.url,
      ogType: 'article',
      image: profile.logo_url && isWebAddress(profile.logo_url) ? profile.logo_url : undefined,
    });
    // A signed-in person's page carries their buttons and form token: never kept by a shared cache,
    // which must not answer them with a visitor's page either.
    ctx.vary('Cookie');
    if (viewer.signedIn) ctx.set('Cache-Control', 'private, no-store');
  };
}

/**
 * A listing awaiting its badge is not public, but its owner already has the badge on their
 * homepage: a visitor who follows it gets a short page rather than a 404. Anything else is 404.
 */
async function notPublicYet(ctx: Context, deps: AppDeps, slug: string): Promise<void> {
  const subject = await badgeSubject(ctx.state.em, deps.site.id, deps.site.name, deps.config.publicUrl, slug, { images: true });
  sendPage(
    ctx,
    deps,
    subject.listingName,
    html`<p class="note">This listing is getting ready to launch on ${deps.site.name}. Its public profile appears here once it is scheduled.</p>
<p><a href="/">See this week's launches</a></p>`,
    { noindex: true },
  );
}

function profileBody(p: ListingProfile, viewer: Viewer, reviews: ReviewRow[], restricted: boolean): Html {
  const upcoming =
    p.status === 'scheduled' &&
    html`<p class="note">Upcoming: launches in the week of ${p.launch_week ?? ''}. ${notifyCount(viewer.signedIn ? viewer.state.followers : p.followers)}.</p>`;
  const notice =
    restricted &&
    html`<p class="note" role="note">The site team restricted this listing under the <a href="/rules">site rules</a>: it stays here, but search, lists, leaderboards and feeds leave it out.</p>`;
  const same = sameForEveryone(p);
  return joinHtml(
    [
      html`${same.head}${upcoming}${notice}`,
      communityActions(p, viewer),
      same.links,
      claimInvite(p, viewer),
      same.story,
      section('reviews', 'Reviews', reviewsSection(p.slug, reviews, viewer)),
      same.closing,
    ],
    '\n',
  );
}

interface SameForEveryone {
  head: Html;
  links: Html | null;
  story: Html;
  closing: Html;
}

/** The parts of a profile that no visitor changes, rendered once per answer of get_listing. */
const sameForEveryone = renderedOnce(renderSameForEveryone);

function renderSameForEveryone(p: ListingProfile): SameForEveryone {
  return {
    head: html`<div class="head">${logo(p, 'logo big')}<div>${p.tagline && html`<p><strong>${p.tagline}</strong></p>`}${p.categories.length > 0 && html`<p>${joinHtml(p.categories.map(categoryChip), ' ')}</p>`}</div></div>`,
    links: links(p),
    story: joinHtml(
      [
        p.headline && html`<p><strong>${p.headline}</strong></p>`,
        joinHtml(
          [p.short_description, p.description, p.summary].map((t) => t && html`<p class="pre">${t}</p>`),
          '\n',
        ),
        section('facts', 'Facts', facts(p)),
        section('features', 'Features', bullets(p.features)),
        section('usps', 'Why choose it', bullets(p.usps)),
        section('founders', 'Founders', bullets(p.founders.map((f) => [f.name, f.title, f.country].filter(Boolean).join(', ')))),
        section(
          'faqs',
          'Questions and answers',
          p.faqs.length
            ? html`<dl>${joinHtml(
                p.faqs.map((f) => html`<dt>${f.question}</dt><dd class="pre">${f.answer}</dd>`),
                '\n',
              )}</dl>`
            : null,
        ),
        section('socials', 'Social profiles', socials(p.socials)),
        section('updates', 'Latest updates', updates(p.latest_updates)),
        section(
          'awards',
          'Awards',
          p.awards.length ? bullets(p.awards.map((a) => `${a.title}, week of ${a.week} (community votes)`)) : null,
        ),
        section('votes', 'Votes', voteLedgerSection(p)),
        section('rating', 'Community rating', rating(p.community_rating)),
        html`<p class="muted"><a href="${reportPath('listing', p.slug)}" rel="nofollow">Report this listing</a></p>`,
      ],
      '\n',
    ),
    closing: joinHtml(
      [
        section('domain-rating', 'Domain Rating', domainRating(p.domain_rating)),
        section(
          'not-found',
          "Not found on the company's website",
          p.not_found_on_website.length
            ? html`<p>Left blank on purpose: the company's own website does not state these facts, and nothing was invented.</p>${bullets(p.not_found_on_website.map(label))}`
            : null,
        ),
        paidSections(p),
      ],
      '\n',
    ),
  };
}

/** Everyone but the listing's owner may claim it; a visitor is asked to sign in on the way. */
function claimInvite(p: ListingProfile, viewer: Viewer): Html | null {
  if (viewer.signedIn && viewer.state.owner) return null;
  return html`<p id="claim-it">Is this your product? <a href="${claimPath(p.slug)}">Claim it</a></p>`;
}

function links(p: ListingProfile): Html | null {
  const items = [
    p.links.website &&
      isWebAddress(p.links.website) &&
      html`<a href="${goPath(p.slug, 'listing')}" rel="nofollow">Visit website</a>`,
    p.links.demo_video && externalLink(p.links.demo_video, 'Demo video'),
    p.links.contact_email && html`<a href="mailto:${encodeURI(p.links.contact_email)}">${p.links.contact_email}</a>`,
    html`<a href="${listingPath(p.slug)}/alternatives">Alternatives</a>`,
    html`<a href="${listingPath(p.slug)}/badges">Badge</a>`,
  ].filter(Boolean);
  return items.length ? html`<p>${joinHtml(items, ' · ')}</p>` : null;
}

function facts(p: ListingProfile): Html | null {
  const missing = new Set(p.not_found_on_website);
  const categories = p.categories.map(
    (c) => html`<a href="${categoryPath(c.slug)}">${c.name}</a>${c.primary && html` <span class="tag">primary</span>`}`,
  );
  const rows: Array<[string, string, HtmlValue]> = [
    ['categories', 'Categories', categories.length > 0 && joinHtml(categories, ', ')],
    ['stage', 'Stage', p.stage],
    ['pricing_model', 'Pricing model', p.pricing.model],
    ['pricing_summary', 'Pricing', p.pricing.summary],
    ['country', 'Country', p.country],
    ['city', 'City', p.city],
    ['founded_year', 'Founded', p.founded_year === null ? null : String(p.founded_year)],
    ['launched_at', 'Launched', p.launched_at && p.launched_at.slice(0, 10)],
  ];
  const shown = rows
    .map(([field, name, value]) =>
      value ? html`<dt>${name}</dt><dd>${value}</dd>` : missing.has(field) && html`<dt>${name}</dt><dd>${notFoundNote}</dd>`,
    )
    .filter(Boolean);
  return shown.length ? html`<dl class="facts">${joinHtml(shown, '\n')}</dl>` : null;
}

function socials(all: Record<string, string>): Html | null {
  const entries = Object.entries(all).filter(([, url]) => url);
  return entries.length
    ? html`<ul>${entries.map(([platform, url]) => html`<li>${label(platform)}: ${externalLink(url)}</li>`)}</ul>`
    : null;
}

function updates(list: ListingProfile['latest_updates']): Html | null {
  return list.length
    ? joinHtml(
        list.map(
          (u) =>
            html`<article><h3>${u.title}</h3><p class="muted">${u.posted_at.slice(0, 10)}</p><p class="pre">${u.body}</p></article>`,
        ),
        '\n',
      )
    : null;
}

function rating(r: ListingProfile['community_rating']): Html {
  const value =
    r.count && r.average !== null
      ? html`<strong>${String(r.average)}</strong> out of 5 from ${plural(r.count, 'review')}`
      : 'No reviews yet';
  return html`<p>${value}. <span class="muted">Genuine reviews only: one per person; the owner's and flagged reviews are not counted.</span></p>`;
}

function domainRating(dr: ListingProfile['domain_rating']): Html {
  if (!dr)
    return html`<p class="muted">Not measured yet. Domain Rating is a third-party metric of the website, not a community signal.</p>`;
  const arrow = { up: '↑', down: '↓', flat: '→' }[dr.trend.direction];
  const change = dr.trend.change > 0 ? `+${dr.trend.change}` : String(dr.trend.change);
  return html`<p><strong>${String(dr.value)}</strong>${dr.measured_on && html` <span class="muted">measured ${dr.measured_on}</span>`}. Trend: ${arrow} ${change} (${dr.trend.direction}).</p>
<p class="muted">A third-party metric of the website's links, not a community signal, and not a ranking of this site.</p>`;
}

/** Story, milestones and media: get_listing includes them only when unlocked. */
function paidSections(p: ListingProfile): Html {
  const sections = p.story?.sections ?? {};
  const story = storySections
    .filter((key) => sections[key])
    .map((key) =>
      key === 'title' ? html`<h3>${sections[key]}</h3>` : html`<h3>${label(key)}</h3><p class="pre">${sections[key]}</p>`,
    );
  const milestones = (p.milestones ?? []).map(
    (m) =>
      html`<li><strong>${m.date}</strong> ${m.url ? externalLink(m.url, m.title) : m.title}${m.description && html`<br><span class="pre">${m.description}</span>`}</li>`,
  );
  const media = (p.media ?? []).map((m) =>
    m.kind === 'image' && isWebAddress(m.url)
      ? html`<figure><img class="media" src="${m.url}" alt="${m.caption ?? ''}" loading="lazy">${m.caption && html`<figcaption>${m.caption}</figcaption>`}</figure>`
      : html`<p>${externalLink(m.url, m.caption || label(m.kind))}</p>`,
  );
  return joinHtml(
    [
      section('story', 'Founder story', story.length ? joinHtml(story, '\n') : null),
      section('milestones', 'Milestones', milestones.length ? html`<ul>${joinHtml(milestones, '\n')}</ul>` : null),
      section('media', 'Media', media.length ? joinHtml(media, '\n') : null),
    ],
    '\n',
  );
}
