import { addDays, isoDate, parseIsoDate } from './weeks.js';

/** Where an outbound click came from: our pages, feeds, badges and API clients; anything else is `other`. */
export const clickPlaces = [
  'listing',
  'search',
  'week',
  'leaderboard',
  'awards',
  'founder',
  'badge',
  'feed',
  'api',
  'other',
] as const;
export type ClickPlace = (typeof clickPlaces)[number];

/** The place a `via` (or `from`) parameter names; an unknown or missing one counts as `other`. */
export function clickPlaceOf(value: unknown): ClickPlace {
  return typeof value === 'string' && (clickPlaces as readonly string[]).includes(value) ? (value as ClickPlace) : 'other';
}

/** The figures counted per listing, per hour. */
export const statsMetrics = [
  'views',
  'clicks',
  'badge_impressions',
  'follows',
  'notify_me',
  'follower_views',
  'votes_counted',
  'votes_discounted',
] as const;
export type StatsMetric = (typeof statsMetrics)[number];

/** A stats range covers whole UTC days: default the last 30 up to today, never more than this many. */
export const statsDefaultDays = 30;
export const statsMaxDays = 400;

export interface StatsRange {
  from: string;
  to: string;
}

/** Why a requested range is refused, naming the field at fault; null when it is fine. */
export type RangeProblem = { field: 'from' | 'to'; message: string } | null;

/**
 * The range a request names: `to` defaults to today, `from` to 29 days before `to`. Dates are
 * assumed well-formed (the schema checks them first).
 */
export function statsRange(from: string | undefined, to: string | undefined, now: Date): StatsRange {
  const end = to ? parseIsoDate(to)! : parseIsoDate(isoDate(now))!;
  const start = from ? parseIsoDate(from)! : addDays(end, 1 - statsDefaultDays);
  return { from: isoDate(start), to: isoDate(end) };
}

/** A date that is not one is the field's own error, so it is no range problem. */
export function statsRangeProblem(from: string | undefined, to: string | undefined, now: Date): RangeProblem {
  if ([from, to].some((text) => text !== undefined && parseIsoDate(text) === null)) return null;
  const range = statsRange(from, to, now);
  const days = Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;
  if (days < 1)
    return to ? { field: 'to', message: 'must not be before from' } : { field: 'from', message: 'must not be after today' };
  if (days > statsMaxDays) {
    return to
      ? { field: 'to', message: `must be at most ${statsMaxDays} days from from (inclusive)` }
      : { field: 'from', message: `must be at most ${statsMaxDays} days before today (inclusive)` };
  }
  return null;
}

/** What is counted per hour besides votes and follows (which their own tables already date). */
export const trafficKinds = ['view', 'click', 'badge', 'follower_view'] as const;
export type TrafficKind = (typeof trafficKinds)[number];

/** A repeat of the same place within this long counts once. */
export const repeatWindowMinutes = 30;

/** The address on this site that counts a click and sends the visitor on: relative for our pages, absolute for others. */
export function goPath(slug: string, place: ClickPlace): string {
  return `/go/${encodeURIComponent(slug)}?via=${place}`;
}

export function visitUrl(publicUrl: string, slug: string, websiteUrl: string | null): string | null {
  return websiteUrl === null ? null : `${publicUrl}${goPath(slug, 'api')}`;
}

/**
 * Where /go sends a visitor: the listing's own website with `ref=<site key>` added to its query,
 * its own query and fragment kept (a `ref` it already has stands). Null for anything but an
 * absolute http(s) address, so a stored value can never send anyone to another kind of link.
 */
export function outboundUrl(website: string, siteKey: string): string | null {
  let url: URL;
  try {
    url = new URL(website);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) return null;
  if (!new URLSearchParams(url.search).has('ref')) {
    url.search = `${url.search ? `${url.search}&` : '?'}ref=${encodeURIComponent(siteKey)}`;
  }
  return url.href;
}

/** The host of a Referer header (never its path or query), or null when none is readable. */
export function referrerHost(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.hostname.slice(0, 253) || null;
  } catch {
    return null;
  }
}

/** What the repeat guard hashes (with the day's salt as key): nothing of it is ever stored as such. */
export function repeatKey(kind: TrafficKind, place: string, slug: string, address: string, userAgent: string): string {
  return [kind, place, slug, address, userAgent].join('\u0000');
}
