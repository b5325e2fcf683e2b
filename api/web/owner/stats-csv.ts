import type { ListingStats } from '../../../src/analytics/schemas.js';
import type { StatsMetric } from '../../../src/domain/analytics.js';
import type { CsvCell } from '../../../src/domain/csv.js';
import { metricWords } from './stats-page.js';

export const statsCsvHeader = ['section', 'item', 'measure', 'count'];

/** Every figure, in the page's order (its words are written for each one, so none is left out). */
const metrics = Object.keys(metricWords) as StatsMetric[];

/**
 * The stats page's numbers as one CSV, a row per figure (section, item, measure, count), so that
 * the totals, places, referring sites, days and launch hours sit in one file a spreadsheet can pivot.
 * Items and measures are get_listing_stats' own names; a click without a referring page has an empty item.
 */
export function statsCsvRows(stats: ListingStats): CsvCell[][] {
  const rows: CsvCell[][] = [];
  const figures = (section: string, item: string, counts: Record<StatsMetric, number>) =>
    metrics.forEach((metric) => rows.push([section, item, metric, counts[metric]]));

  figures('total', '', stats.totals);
  if (stats.views_to_clicks !== null) rows.push(['total', '', 'views_to_clicks', stats.views_to_clicks]);
  for (const p of stats.clicks.by_place) rows.push(['place', p.place, 'clicks', p.clicks]);
  for (const r of stats.clicks.by_referrer) rows.push(['referrer', r.host ?? '', 'clicks', r.clicks]);
  for (const day of stats.days) figures('day', day.date, day);
  if (stats.launch_week) for (const day of stats.launch_week.days) figures('launch_week', day.date, day);
  const launch = stats.launch_day;
  if (launch) {
    for (const h of launch.hours) {
      const item = `${launch.date}T${String(h.hour).padStart(2, '0')}:00Z`;
      rows.push(
        ['launch_hour', item, 'views', h.views],
        ['launch_hour', item, 'clicks', h.clicks],
        ['launch_hour', item, 'votes_counted', h.votes_counted],
        ['launch_hour', item, 'votes_discounted', h.votes_discounted],
        ['launch_hour', item, 'week_median_votes', launch.week_median_votes[h.hour]],
        ...launch.week_top_three.map((t): CsvCell[] => ['launch_hour', item, `votes_of:${t.slug}`, t.votes[h.hour]]),
      );
    }
  }
  return rows;
}

/** The file name a download is saved under: the listing and the days it covers. */
export function statsCsvName(stats: ListingStats): string {
  return `${stats.slug}-stats-${stats.from}-to-${stats.to}.csv`;
}
