import type { Context } from 'koa';
import type { RouterMiddleware as Middleware } from '@koa/router';
import { AppError } from '../../src/errors.js';
import { badgeSubject } from '../../src/catalogue/badges.js';
import type { ListingProfile } from '../../src/catalogue/schemas.js';
import type { AppDeps } from '../deps.js';
import { storySections } from '../operations/draft-schemas.js';
import { getListing } from '../operations/listings.js';
import { categoryPath, clip, externalLink, isWebAddress, pathSlug, plural, readOperation, sendPage } from './catalogue-html.js';
import { escapeHtml as e } from './html.js';

/** Field names as readers say them. */
const label = (field: string) => {
  const text = field.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const section = (id: string, heading: string, html: string) =>
  html ? `<section id="${id}"><h2>${e(heading)}</h2>\n${html}</section>` : '';
const bullets = (items: readonly string[]) => (items.length ? `<ul>${items.map((i) => `<li>${e(i)}</li>`).join('')}</ul>` : '');
const notFoundNote = '<em class="muted">not found on the company\'s website</em>';

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
    const description =
      profile.seo.description || profile.short_description || profile.tagline || `${profile.name} on ${deps.config.site.name}`;
    sendPage(ctx, deps, profile.name, profileBody(profile), {
      documentTitle: `${profile.seo.title || (profile.tagline ? `${profile.name}: ${profile.tagline}` : profile.name)} · ${deps.config.site.name}`,
      description: clip(description),
      canonical: profile.url,
      ogType: 'article',
      image: profile.logo_url && isWebAddress(profile.logo_url) ? profile.logo_url : undefined,
    });
  };
}

/**
 * A listing awaiting its badge is not public, but its owner already has the badge on their
 * homepage: a visitor who follows it gets a short page rather than a 404. Anything else is 404.
 */
async function notPublicYet(ctx: Context, deps: AppDeps, slug: string): Promise<void> {
  const subject = await badgeSubject(ctx.state.em, deps.site.id, deps.site.name, deps.config.publicUrl, slug);
  sendPage(
    ctx,
    deps,
    subject.listingName,
    `<p class="note">This listing is getting ready to launch on ${e(deps.site.name)}. Its public profile appears here once it is scheduled.</p>
<p><a href="/">See this week's launches</a></p>`,
    { noindex: true },
  );
}

function profileBody(p: ListingProfile): string {
  const upcoming =
    p.status === 'scheduled' ? `<p class="note">Upcoming: launches in the week of ${e(p.launch_week ?? '')}.</p>` : '';
  return [
    `${p.tagline ? `<p><strong>${e(p.tagline)}</strong></p>` : ''}${upcoming}`,
    `<p>${plural(p.votes, 'community vote')} · ${plural(p.followers, 'follower')}</p>`,
    '<p class="muted">Votes come only from people on this site, one per person.</p>',
    links(p),
    p.headline ? `<p><strong>${e(p.headline)}</strong></p>` : '',
    [p.short_description, p.description, p.summary]
      .filter((t): t is string => !!t)
      .map((t) => `<p class="pre">${e(t)}</p>`)
      .join('\n'),
    section('facts', 'Facts', facts(p)),
    section('features', 'Features', bullets(p.features)),
    section('usps', 'Why choose it', bullets(p.usps)),
    section('founders', 'Founders', bullets(p.founders.map((f) => [f.name, f.title, f.country].filter(Boolean).join(', ')))),
    section(
      'faqs',
      'Questions and answers',
      p.faqs.length
        ? `<dl>${p.faqs.map((f) => `<dt>${e(f.question)}</dt><dd class="pre">${e(f.answer)}</dd>`).join('\n')}</dl>`
        : '',
    ),
    section('socials', 'Social profiles', socials(p.socials)),
    section('updates', 'Latest updates', updates(p.latest_updates)),
    section('rating', 'Community rating', rating(p.community_rating)),
    section('domain-rating', 'Domain Rating', domainRating(p.domain_rating)),
    section(
      'not-found',
      "Not found on the company's website",
      p.not_found_on_website.length
        ? `<p>Left blank on purpose: the company's own website does not state these facts, and nothing was invented.</p>${bullets(p.not_found_on_website.map(label))}`
        : '',
    ),
    paidSections(p),
  ]
    .filter(Boolean)
    .join('\n');
}

function links(p: ListingProfile): string {
  const items = [
    p.links.website ? externalLink(p.links.website, 'Website') : '',
    p.links.demo_video ? externalLink(p.links.demo_video, 'Demo video') : '',
    p.links.contact_email ? `<a href="mailto:${e(encodeURI(p.links.contact_email))}">${e(p.links.contact_email)}</a>` : '',
  ].filter(Boolean);
  return items.length ? `<p>${items.join(' · ')}</p>` : '';
}

function facts(p: ListingProfile): string {
  const missing = new Set(p.not_found_on_website);
  const categories = p.categories
    .map((c) => `<a href="${e(categoryPath(c.slug))}">${e(c.name)}</a>${c.primary ? ' <span class="tag">primary</span>' : ''}`)
    .join(', ');
  const rows: Array<[string, string, string | null]> = [
    ['categories', 'Categories', categories || null],
    ['stage', 'Stage', p.stage && e(p.stage)],
    ['pricing_model', 'Pricing model', p.pricing.model && e(p.pricing.model)],
    ['pricing_summary', 'Pricing', p.pricing.summary && e(p.pricing.summary)],
    ['country', 'Country', p.country && e(p.country)],
    ['city', 'City', p.city && e(p.city)],
    ['founded_year', 'Founded', p.founded_year === null ? null : e(String(p.founded_year))],
    ['launched_at', 'Launched', p.launched_at && e(p.launched_at.slice(0, 10))],
  ];
  const shown = rows
    .map(([field, name, value]) => (value ? [name, value] : missing.has(field) ? [name, notFoundNote] : null))
    .filter((r): r is string[] => r !== null);
  return shown.length
    ? `<dl class="facts">${shown.map(([name, value]) => `<dt>${e(name)}</dt><dd>${value}</dd>`).join('\n')}</dl>`
    : '';
}

function socials(all: Record<string, string>): string {
  const entries = Object.entries(all).filter(([, url]) => url);
  return entries.length
    ? `<ul>${entries.map(([platform, url]) => `<li>${e(label(platform))}: ${externalLink(url)}</li>`).join('')}</ul>`
    : '';
}

function updates(list: ListingProfile['latest_updates']): string {
  return list
    .map(
      (u) =>
        `<article><h3>${e(u.title)}</h3><p class="muted">${e(u.posted_at.slice(0, 10))}</p><p class="pre">${e(u.body)}</p></article>`,
    )
    .join('\n');
}

function rating(r: ListingProfile['community_rating']): string {
  const value =
    r.count && r.average !== null
      ? `<strong>${e(String(r.average))}</strong> out of 5 from ${plural(r.count, 'review')}`
      : 'No reviews yet';
  return `<p>${value}. <span class="muted">Genuine reviews only: one per person; the owner's and flagged reviews are not counted.</span></p>`;
}

function domainRating(dr: ListingProfile['domain_rating']): string {
  if (!dr)
    return '<p class="muted">Not measured yet. Domain Rating is a third-party metric of the website, not a community signal.</p>';
  const arrow = { up: '↑', down: '↓', flat: '→' }[dr.trend.direction];
  const change = dr.trend.change > 0 ? `+${dr.trend.change}` : String(dr.trend.change);
  return `<p><strong>${e(String(dr.value))}</strong>${dr.measured_on ? ` <span class="muted">measured ${e(dr.measured_on)}</span>` : ''}. Trend: ${arrow} ${e(change)} (${e(dr.trend.direction)}).</p>
<p class="muted">A third-party metric of the website's links, not a community signal, and not a ranking of this site.</p>`;
}

/** Story, milestones and media: get_listing includes them only when unlocked. */
function paidSections(p: ListingProfile): string {
  const story = p.story
    ? storySections
        .filter((key) => p.story!.sections[key])
        .map((key) =>
          key === 'title'
            ? `<h3>${e(p.story!.sections[key])}</h3>`
            : `<h3>${e(label(key))}</h3><p class="pre">${e(p.story!.sections[key])}</p>`,
        )
        .join('\n')
    : '';
  const milestones = (p.milestones ?? [])
    .map(
      (m) =>
        `<li><strong>${e(m.date)}</strong> ${m.url ? externalLink(m.url, m.title) : e(m.title)}${m.description ? `<br><span class="pre">${e(m.description)}</span>` : ''}</li>`,
    )
    .join('\n');
  const media = (p.media ?? [])
    .map((m) =>
      m.kind === 'image' && isWebAddress(m.url)
        ? `<figure><img class="media" src="${e(m.url)}" alt="${e(m.caption ?? '')}" loading="lazy">${m.caption ? `<figcaption>${e(m.caption)}</figcaption>` : ''}</figure>`
        : `<p>${externalLink(m.url, m.caption || label(m.kind))}</p>`,
    )
    .join('\n');
  return [
    section('story', 'Founder story', story),
    section('milestones', 'Milestones', milestones && `<ul>${milestones}</ul>`),
    section('media', 'Media', media),
  ]
    .filter(Boolean)
    .join('\n');
}
