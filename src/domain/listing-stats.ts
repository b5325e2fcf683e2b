import { statsMetrics, type StatsMetric } from './analytics.js';
import { addDays, isoDate, parseIsoDate } from './weeks.js';

/** How get_listing_stats adds up hourly counts into days, hours and comparisons. Pure. */

/** One metric's count in one hour (UTC, ISO 8601). */
export interface HourCount {
  hour: string;
  metric: StatsMetric;
  n: number;
}

export type Totals = Record<StatsMetric, number>;

export function zeroTotals(): Totals {
  return Object.fromEntries(statsMetrics.map((metric) => [metric, 0])) as Totals;
}

/** The sum of every count. */
export function totalsOf(counts: readonly HourCount[]): Totals {
  const totals = zeroTotals();
  for (const c of counts) totals[c.metric] += c.n;
  return totals;
}

/** Every day from `from` to `to` (inclusive, YYYY-MM-DD), oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = parseIsoDate(from)!; isoDate(day) <= to; day = addDays(day, 1)) days.push(isoDate(day));
  return days;
}

/** One row per day of `days`, with zeros where nothing was counted. */
export function dailyRows(days: readonly string[], counts: readonly HourCount[]): Array<{ date: string } & Totals> {
  const byDay = new Map(days.map((date) => [date, zeroTotals()]));
  for (const c of counts) {
    const totals = byDay.get(c.hour.slice(0, 10));
    if (totals) totals[c.metric] += c.n;
  }
  return days.map((date) => ({ date, ...byDay.get(date)! }));
}

const hourlyMetrics = ['views', 'clicks', 'votes_counted', 'votes_discounted'] as const;
type HourRow = { hour: number } & Record<(typeof hourlyMetrics)[number], number>;

/** The 24 hours of one day (YYYY-MM-DD), with zeros where nothing was counted. */
export function hourlyRows(day: string, counts: readonly HourCount[]): HourRow[] {
  const hours: HourRow[] = Array.from({ length: 24 }, (_, hour) => ({
    hour,
    views: 0,
    clicks: 0,
    votes_counted: 0,
    votes_discounted: 0,
  }));
  for (const c of counts) {
    if (c.hour.slice(0, 10) !== day || !(hourlyMetrics as readonly string[]).includes(c.metric)) continue;
    hours[new Date(c.hour).getUTCHours()][c.metric as (typeof hourlyMetrics)[number]] += c.n;
  }
  return hours;
}

export function median(values: readonly number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** For each hour 0-23, the median of the listings' votes in it (`votes`: one 24-hour series per listing). */
export function hourlyMedian(votes: readonly (readonly number[])[]): number[] {
  return Array.from({ length: 24 }, (_, hour) => median(votes.map((series) => series[hour])));
}

/** Clicks per view, rounded to four places; null without views. */
export function viewsToClicks(totals: Totals): number | null {
  return totals.views ? Math.round((totals.clicks / totals.views) * 10_000) / 10_000 : null;
}
