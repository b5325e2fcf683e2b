/** Launch weeks run Monday 00:00 to Sunday 24:00 UTC; any date belongs to the week of its Monday. */

const dayMs = 86_400_000;
const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export type WeekState = 'past' | 'current' | 'upcoming';

/** Monday 00:00 UTC of the week that holds `date`. */
export function mondayOf(date: Date): Date {
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * dayMs);
}

export function addWeeks(monday: Date, weeks: number): Date {
  return new Date(monday.getTime() + weeks * 7 * dayMs);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * dayMs);
}

/** Whole days from 1970-01-01 (UTC) to `date`. */
export function epochDay(date: Date): number {
  return Math.floor(date.getTime() / dayMs);
}

/** YYYY-MM-DD of a UTC date. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The instant the UTC day of `date` starts, for a `::timestamptz` bound: a `::date` compared with
 * a timestamp would start the day in the database session's time zone, which need not be UTC.
 */
export function utcDayStart(date: Date): string {
  return `${isoDate(date)}T00:00:00Z`;
}

/** A real calendar date written YYYY-MM-DD, or null (2026-02-30 is not one). */
export function parseIsoDate(text: string): Date | null {
  const m = isoDatePattern.exec(text);
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return isoDate(date) === text ? date : null;
}

/**
 * The Monday a week reference names: `this`, `next`, `last`, or a date snapped to its Monday.
 * Null when the reference is not one of those (the caller answers 404 or 400).
 */
export function resolveWeek(reference: string, now: Date, allowed: readonly string[] = ['this', 'next', 'last']): Date | null {
  const current = mondayOf(now);
  const relative: Record<string, number> = { last: -1, this: 0, next: 1 };
  if (reference in relative) return allowed.includes(reference) ? addWeeks(current, relative[reference]) : null;
  const date = parseIsoDate(reference);
  return date ? mondayOf(date) : null;
}

export function weekState(monday: Date, now: Date): WeekState {
  const current = mondayOf(now).getTime();
  if (monday.getTime() < current) return 'past';
  return monday.getTime() === current ? 'current' : 'upcoming';
}

/** The first and last day of a week, for display. */
export function weekSpan(monday: Date): { week: string; starts_on: string; ends_on: string } {
  return { week: isoDate(monday), starts_on: isoDate(monday), ends_on: isoDate(addDays(monday, 6)) };
}
