import type { ListingStats } from '../../../src/analytics/schemas.js';
import type { ClickPlace, StatsMetric } from '../../../src/domain/analytics.js';
import { html, type Html } from '../../../src/platform/html.js';
import { controlId, errorId, type FormErrors } from '../shared/forms/field-errors.js';
import { myListingPath, myListingStatsPath } from './paths.js';
import { columnFigure, rowFigure } from '../shared/charts.js';

/** The range the form shows: what was asked for, or what the numbers cover. */
export interface StatsRangeForm {
  from: string;
  to: string;
}

/** The page's words for each place a link to the website stands. */
export const placeWords: Record<ClickPlace, string> = {
  listing: 'Your listing page',
  search: 'Search results',
  week: "The week's launches",
  leaderboard: 'Leaderboards',
  awards: 'Awards',
  founder: 'Founder pages',
  badge: 'Your badge on other sites',
  feed: 'Feeds',
  api: 'Apps and agents using our API',
  other: 'Elsewhere',
};

/** The page's words for each figure. */
export const metricWords: Record<StatsMetric, string> = {
  views: 'Page views',
  clicks: 'Visits to your website',
  badge_impressions: 'Badge views',
  follows: 'New followers',
  notify_me: 'Asked to be told at launch',
  follower_views: "Followers' page views after launch",
  votes_counted: 'Votes that count',
  votes_discounted: 'Votes set aside by the vote rules',
};

export const noReferrer = 'No referring page';

/** How many referring sites the chart draws; the table beside it lists them all. */
const chartedReferrers = 10;

export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const weekdayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
const fullDayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const share = (ratio: number | null) => (ratio === null ? 'no page views in these days' : `${Math.round(ratio * 1000) / 10}%`);

/** /me/listings/{id}/stats: the range form, then every figure of get_listing_stats as a chart with its table. */
export function statsBody(id: number, range: StatsRangeForm, errors: FormErrors, stats: ListingStats | null): Html {
  return html`<p>What your listing brought, counted without cookies and without storing anyone's address: bots and a repeat of
the same visit within 30 minutes are left out. Views are views of your listing page here; visits are clicks on our
links to your website. Days and hours are in UTC.</p>
${rangeErrors(errors)}
${rangeForm(id, range, errors)}
${stats && figures(id, stats)}
<p><a href="${myListingPath(id)}">Back to your listing</a> · <a href="/me/listings">All your listings</a></p>`;
}

const rangeLabels: Record<string, string> = { from: 'First day', to: 'Last day' };

/** A refused range at the top of the page, each message linked to the date it names. */
function rangeErrors(errors: FormErrors): Html | null {
  if (!errors.any) return null;
  const items = errors.all.map(
    (e) => html`<li><a href="#${controlId(e.key)}">${rangeLabels[e.key] ?? 'The days'}</a>: ${e.message}</li>`,
  );
  return html`<div class="note warn" role="alert" id="form-errors"><p>These days cannot be shown.</p>${items.length > 0 && html`<ul>${items}</ul>`}</div>`;
}

function rangeForm(id: number, range: StatsRangeForm, errors: FormErrors): Html {
  const control = (key: 'from' | 'to', label: string) => {
    const id = controlId(key);
    const messages = errors.at(key);
    return html`<p class="control"><label for="${id}">${label}</label><br><input type="date" id="${id}" name="${key}" value="${range[key]}"${messages.length > 0 && html` aria-invalid="true" aria-describedby="${errorId(id)}"`}>${messages.length > 0 && html`<br><strong class="field-error" id="${errorId(id)}">${messages.join('; ')}</strong>`}</p>`;
  };
  return html`<form method="get" action="${myListingStatsPath(id)}" id="range" aria-label="Days to show">
${control('from', rangeLabels.from)}${control('to', rangeLabels.to)}<button type="submit">Show these days</button></form>`;
}

function figures(id: number, stats: ListingStats): Html {
  const csv = `${myListingStatsPath(id)}.csv?${new URLSearchParams({ from: stats.from, to: stats.to }).toString()}`;
  return html`<p id="stats-range">From ${fullDayLabel(stats.from)} to ${fullDayLabel(stats.to)}. <a href="${csv}" id="stats-csv" download>Download these numbers (CSV)</a></p>
${totalsSection(stats)}${placesSection(stats)}${referrersSection(stats)}${launchSections(stats)}${daysSection(stats)}`;
}

function table(label: string, id: string, head: readonly string[], rows: readonly (readonly (string | number)[])[]): Html {
  const body = rows.map(
    (cells) => html`<tr><th scope="row">${cells[0]}</th>${cells.slice(1).map((c) => html`<td>${c}</td>`)}</tr>`,
  );
  return html`<div class="scroll" role="region" aria-label="${label}" tabindex="0"><table id="${id}"><thead><tr>${head.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead><tbody>${body}</tbody></table></div>`;
}

function section(id: string, heading: string, content: Html): Html {
  return html`<section aria-labelledby="${id}-heading" id="${id}"><h2 id="${id}-heading">${heading}</h2>${content}</section>`;
}

function totalsSection(stats: ListingStats): Html {
  const t = stats.totals;
  const rows: [string, string | number][] = [
    [metricWords.views, t.views],
    [metricWords.clicks, t.clicks],
    ['Visits per page view', share(stats.views_to_clicks)],
    [metricWords.badge_impressions, t.badge_impressions],
    [metricWords.follows, t.follows],
    [metricWords.notify_me, t.notify_me],
    [metricWords.follower_views, t.follower_views],
    [metricWords.votes_counted, t.votes_counted],
    [metricWords.votes_discounted, t.votes_discounted],
  ];
  return section(
    'totals',
    'In these days',
    html`${table('Totals in these days', 'totals-table', ['Figure', 'Count'], rows)}
<p class="muted" id="badge-note">Badge views count the times this site sent your badge image. Browsers, proxies and the pages that show it may keep a copy and show it again without asking us, so more people may have seen it.</p>`,
  );
}

function placesSection(stats: ListingStats): Html {
  const items = stats.clicks.by_place.map((p) => ({ label: placeWords[p.place], value: p.clicks }));
  const content = items.length
    ? html`<div class="pair">${rowFigure({ items }, { id: 'places-chart', title: 'Visits to your website by where the link was', unit: 'visits' })}${table(
        'Visits by where the link was',
        'places-table',
        ['Where the link was', 'Visits'],
        items.map((i) => [i.label, i.value]),
      )}</div>`
    : html`<p>No visits to your website in these days.</p>`;
  return section('places', 'Where people found the link to your website', content);
}

function referrersSection(stats: ListingStats): Html {
  const items = stats.clicks.by_referrer.map((r) => ({ label: r.host ?? noReferrer, value: r.clicks }));
  const charted = items.slice(0, chartedReferrers);
  const content = items.length
    ? html`<p>The site each visit started from, as the visitor's browser told us (only its name, never the page).</p>
<div class="pair">${rowFigure(
        { items: charted },
        {
          id: 'referrers-chart',
          title:
            items.length > charted.length ? `The ${charted.length} sites that sent the most visits` : 'Visits by referring site',
          unit: 'visits',
        },
      )}${table(
        'Visits by referring site',
        'referrers-table',
        ['Referring site', 'Visits'],
        items.map((i) => [i.label, i.value]),
      )}</div>`
    : html`<p>No visits to your website in these days.</p>`;
  return section('referrers', 'Which sites visitors came from', content);
}

function launchSections(stats: ListingStats): Html {
  const day = stats.launch_day;
  const week = stats.launch_week;
  if (!day || !week) {
    return section(
      'launch',
      'Launch',
      html`<p>Your listing has not gone live yet: its launch day and launch week appear here once it has.</p>`,
    );
  }
  const hours = day.hours.map((h) => hourLabel(h.hour));
  const byHour = columnFigure(
    {
      labels: hours,
      values: day.hours.map((h) => h.views),
      lines: [{ name: metricWords.clicks, values: day.hours.map((h) => h.clicks) }],
      labelEvery: 4,
    },
    { id: 'launch-day-chart', title: metricWords.views, unit: 'page views' },
  );
  const votes = columnFigure(
    {
      labels: hours,
      values: day.hours.map((h) => h.votes_counted),
      lines: [
        { name: "The week's median listing", values: day.week_median_votes },
        ...day.week_top_three.map((t, i) => ({ name: `No. ${i + 1} of the week: ${t.name}`, values: t.votes })),
      ],
      labelEvery: 4,
    },
    { id: 'votes-chart', title: 'Your votes that count', unit: 'votes that count' },
  );
  const weekLabels = week.days.map((d) => `${weekdayLabel(d.date)} ${dayLabel(d.date)}`);
  const byDay = columnFigure(
    {
      labels: week.days.map((d) => weekdayLabel(d.date)),
      values: week.days.map((d) => d.views),
      lines: [{ name: metricWords.clicks, values: week.days.map((d) => d.clicks) }],
    },
    { id: 'launch-week-chart', title: metricWords.views, unit: 'page views' },
  );
  return html`${section(
    'launch-day',
    `Launch day, ${dayLabel(day.date)}, hour by hour`,
    html`<div class="pair"><div>${byHour}</div>${table(
      'Launch day by hour',
      'launch-day-table',
      ['Hour', 'Views', 'Visits'],
      day.hours.map((h) => [hours[h.hour], h.views, h.clicks]),
    )}</div>`,
  )}
${section(
  'votes',
  'Votes on launch day against the week',
  html`<p>Your votes that count in each hour, against the listing in the middle of the launch week and the week's top three on the same hours.</p>
<div class="pair"><div>${votes}</div>${table(
    'Votes by hour against the week',
    'votes-table',
    ['Hour', 'Yours', "Week's median", ...day.week_top_three.map((t) => t.name)],
    day.hours.map((h) => [
      hours[h.hour],
      h.votes_counted,
      day.week_median_votes[h.hour],
      ...day.week_top_three.map((t) => t.votes[h.hour]),
    ]),
  )}</div>`,
)}
${section(
  'launch-week',
  `Launch week of ${dayLabel(week.week)}, day by day`,
  html`<div class="pair"><div>${byDay}</div>${table(
    'Launch week by day',
    'launch-week-table',
    ['Day', 'Views', 'Visits', 'Votes', "Followers' views"],
    week.days.map((d, i) => [weekLabels[i], d.views, d.clicks, d.votes_counted, d.follower_views]),
  )}</div>`,
)}`;
}

function daysSection(stats: ListingStats): Html {
  const labels = stats.days.map((d) => dayLabel(d.date));
  const chart = columnFigure(
    {
      labels,
      values: stats.days.map((d) => d.views),
      lines: [{ name: metricWords.clicks, values: stats.days.map((d) => d.clicks) }],
      labelEvery: Math.ceil(stats.days.length / 6),
    },
    { id: 'days-chart', title: metricWords.views, unit: 'page views' },
  );
  return section(
    'days',
    'Day by day',
    html`<div class="pair"><div>${chart}</div>${table(
      'Each day of the range',
      'days-table',
      ['Day', 'Views', 'Visits', 'Badge views', 'New followers', 'Votes'],
      stats.days.map((d) => [fullDayLabel(d.date), d.views, d.clicks, d.badge_impressions, d.follows, d.votes_counted]),
    )}</div>`,
  );
}
