/** Pure rules over a listing's public facts: paid sections, Domain Rating trend, side-by-side rows. */

import { paidSections, type PaidSection } from './catalogue-terms.js';

/** A paid listing shows every paid section; a free one only those unlocked one by one. */
export function unlockedSections(plan: string, unlocked: readonly string[]): PaidSection[] {
  return paidSections.filter((s) => plan === 'paid' || unlocked.includes(s));
}

export interface RatingPoint {
  date: string;
  value: number;
}

/** Direction and size of the change from the oldest to the newest point shown. */
export function ratingTrend(points: readonly RatingPoint[]): { direction: 'up' | 'down' | 'flat'; change: number } {
  if (points.length < 2) return { direction: 'flat', change: 0 };
  const change = points[points.length - 1].value - points[0].value;
  return { direction: change > 0 ? 'up' : change < 0 ? 'down' : 'flat', change };
}

/** The facts compare_listings puts side by side, in display order. */
export const comparedFacts = [
  'tagline',
  'short_description',
  'categories',
  'stage',
  'pricing_model',
  'pricing_summary',
  'features',
  'usps',
  'country',
  'city',
  'founded_year',
  'founders',
  'website_url',
  'votes',
  'followers',
  'community_rating',
  'domain_rating',
] as const;

export type Fact = (typeof comparedFacts)[number];
/** A compared value: text, a number, a list of names, or the community rating. */
export type FactValue = string | number | string[] | { average: number | null; count: number; rule: string } | null;
export type Facts = Partial<Record<Fact, FactValue>>;

/** One row per fact; a cell is null when its listing does not state the fact. */
export function compareRows(a: Facts, b: Facts): Array<{ fact: Fact; a: FactValue; b: FactValue }> {
  return comparedFacts.map((fact) => ({ fact, a: present(a[fact]), b: present(b[fact]) }));
}

function present(value: FactValue | undefined): FactValue {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value) && value.length === 0) return null;
  return value;
}
