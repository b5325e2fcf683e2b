import type { RouterMiddleware as Middleware } from '@koa/router';
import { launchSections, type LaunchSection, type UpcomingOrder } from '../../../src/domain/catalogue-terms.js';
import { addWeeks, isoDate, parseIsoDate } from '../../../src/domain/weeks.js';
import { html, joinHtml } from '../../../src/platform/html.js';
import type { AppDeps } from '../../deps.js';
import { getLaunchWeek, listAwards, listLaunches } from '../../operations/launches.js';
import {
  canonicalUrl,
  listingLink,
  listingList,
  logo,
  pager,
  plural,
  readOperation,
  sendPage,
  visitLink,
} from './catalogue-html.js';

const weekPath = (week: string) => `/launches/weeks/${week}`;

const sectionTitles: Record<LaunchSection, string> = {
  today: 'Launched today',
  'this-week': 'This week',
  trending: 'Trending',
  'most-voted': 'Most voted',
  recent: 'Recently launched',
  'most-viewed': 'Most viewed',
  'most-followed': 'Most followed',
  upcoming: 'Upcoming',
};

/** A link to an upcoming week in one order (notify-me requests or name), marked when it is the one shown. */
function upcomingOrderLink(week: string, order: UpcomingOrder, shown: UpcomingOrder, label: string) {
  const href = order === 'interest' ? weekPath(week) : `${weekPath(week)}?order=${order}`;
  return order === shown
    ? html`<a aria-current="page" href="${href}"><strong>${label}</strong></a>`
    : html`<a href="${href}">${label}</a>`;
}

/** One launch week (get_launch_week): ranked by votes, or for a future week its scheduled launches. */
export function launchWeekPage(deps: AppDeps): Middleware {
  return async (ctx) => {
    const week = await readOperation(ctx, deps, getLaunchWeek, { week: ctx.params.week }, ctx.query);
    const monday = parseIsoDate(week.week)!;
    const [previous, next] = [-1, 1].map((n) => isoDate(addWeeks(monday, n)));
    const order = ctx.query.order === 'name' ? 'name' : 'interest';
    const heading =
      week.state === 'upcoming'
        ? html`<p class="note">An upcoming week: these launches are scheduled for it and not ranked yet.</p>
<p>Order: ${upcomingOrderLink(week.week, 'interest', order, 'most awaited first')} · ${upcomingOrderLink(week.week, 'name', order, 'by name')}</p>`
        : html`<p>Ranked by ${week.ranked_by}${week.state === 'current' && ', as of now'}.</p>`;
    const body = html`<p class="muted">${week.starts_on} to ${week.ends_on} (UTC)</p>
${heading}
<nav aria-label="Weeks"><a rel="prev" href="${weekPath(previous)}">← Week of ${previous}</a> <a href="${weekPath('this')}">This week</a> <a rel="next" href="${weekPath(next)}">Week of ${next} →</a></nav>
${listingList(week.items, week.state === 'upcoming' ? 'No launch is scheduled for this week yet.' : 'No launches this week.', 'week')}
${pager(weekPath(week.week), { order: week.state === 'upcoming' && order === 'name' ? order : undefined }, week)}`;
    sendPage(ctx, deps, `Launches of the week of ${week.starts_on}`, body, {
      description: `${plural(week.total, 'launch', 'launches')} in the week of ${week.starts_on} to ${week.ends_on}, ${week.state === 'upcoming' ? 'scheduled' : 'ranked by community votes'}.`,
      canonical: canonicalUrl(deps, weekPath(week.week), week.page),
    });
  };
}

/** The launch feeds (list_launches), one section at a time. */
export function launchesPage(deps: AppDeps): Middleware {
  return async (ctx) => {
    const feed = await readOperation(ctx, deps, listLaunches, {}, ctx.query);
    const tabs = launchSections.map((s) =>
      s === feed.section
        ? html`<a class="chip" aria-current="page" href="/launches?section=${s}"><strong>${sectionTitles[s]}</strong></a>`
        : html`<a class="chip" href="/launches?section=${s}">${sectionTitles[s]}</a>`,
    );
    const body = html`<nav aria-label="Launch sections">${joinHtml(tabs, ' ')}</nav>
<h2>${sectionTitles[feed.section]}</h2>
${listingList(feed.items, 'Nothing here yet.', 'other')}
${pager('/launches', { section: feed.section }, feed)}
<p><a href="${weekPath('this')}">This week's launches</a> · <a href="${weekPath('next')}">Next week</a> · <a href="/awards">Launch of the Week awards</a></p>`;
    const canonical = `${deps.config.publicUrl}/launches?section=${feed.section}${feed.page > 1 ? `&page=${feed.page}` : ''}`;
    sendPage(ctx, deps, `Launches: ${sectionTitles[feed.section]}`, body, {
      description: `${sectionTitles[feed.section]} on ${deps.config.site.name}: product launches ranked by people on the site.`,
      canonical,
    });
  };
}

/** Launch of the Week awards (list_awards), decided by community votes only. */
export function awardsPage(deps: AppDeps): Middleware {
  return async (ctx) => {
    const awards = await readOperation(ctx, deps, listAwards, {}, ctx.query);
    const rows = awards.items.map(
      (a) =>
        html`<tr><td><a href="${weekPath(a.week)}">${a.week}</a></td><td><span class="rank">#${a.rank}</span> ${a.title}</td><td>${logo(a.listing)} ${listingLink(a.listing)}${visitLink(a.listing, 'awards') && html`<br>${visitLink(a.listing, 'awards')}`}</td><td>${plural(a.votes, 'vote')}</td></tr>`,
    );
    const listing = typeof ctx.query.listing === 'string' ? ctx.query.listing : undefined;
    const body = html`<p>Each week's three launches with the most community votes cast that week. Awards follow community votes only; no one can buy one.</p>
${rows.length ? html`<div class="scroll"><table><thead><tr><th>Week</th><th>Award</th><th>Listing</th><th>Community votes</th></tr></thead><tbody>${joinHtml(rows, '\n')}</tbody></table></div>` : html`<p class="muted">No awards yet.</p>`}
${pager('/awards', { listing }, awards)}`;
    sendPage(ctx, deps, 'Launch of the Week awards', body, {
      description: 'Launch of the Week #1, #2 and #3 of every week, decided by community votes only.',
      canonical: canonicalUrl(deps, '/awards', awards.page),
      noindex: listing !== undefined,
    });
  };
}
