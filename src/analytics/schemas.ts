import { z } from 'zod';
import { date, timestamp } from '../catalogue/schemas.js';
import { clickPlaces, statsMetrics } from '../domain/analytics.js';

/** What get_listing_stats answers, declared once (see src/catalogue/schemas.ts). */

const count = z.int().min(0);
const metricDescriptions: Record<(typeof statsMetrics)[number], string> = {
  views: 'Listing page views (bots and repeats within 30 minutes left out).',
  clicks: 'Outbound clicks to the website through /go (bots and repeats within 30 minutes left out).',
  badge_impressions: 'Badge images served by this origin; caches in between may hide some.',
  follows: 'New followers.',
  notify_me: 'People who asked to be told when it launches.',
  follower_views: 'Listing page views by signed-in followers after go-live.',
  votes_counted: 'Community votes cast that count.',
  votes_discounted: 'Community votes cast that were discounted by the vote rules.',
};
const metricShape = Object.fromEntries(
  statsMetrics.map((metric) => [metric, count.describe(metricDescriptions[metric])]),
) as Record<(typeof statsMetrics)[number], z.ZodInt>;

export const statsTotals = z.object(metricShape);
export const statsDay = z.object({ date, ...metricShape });

const hourOfDay = z.int().min(0).max(23).describe('Hour of the day, UTC.');
const votesByHour = z.array(z.number()).length(24).describe('Votes cast in each hour 0-23 (UTC) of the launch day.');

export const launchDayStats = z
  .object({
    date,
    hours: z
      .array(z.object({ hour: hourOfDay, views: count, clicks: count, votes_counted: count, votes_discounted: count }))
      .length(24),
    week_median_votes: votesByHour.describe("The median of the launch week's live listings' counted votes in each hour 0-23."),
    week_top_three: z
      .array(z.object({ slug: z.string(), name: z.string(), votes: votesByHour.describe('Counted votes in each hour 0-23.') }))
      .max(3)
      .describe("The week's top three by counted votes, their counted votes in each hour of the same day."),
  })
  .describe('The launch day (UTC) by hour; null before the listing went live.');

export const listingStats = z.object({
  listing_id: z.int(),
  slug: z.string(),
  from: date.describe('First day of the range (UTC), inclusive.'),
  to: date.describe('Last day of the range (UTC), inclusive.'),
  launched_at: timestamp.nullable(),
  totals: statsTotals.describe('The range in all.'),
  clicks: z.object({
    by_place: z
      .array(z.object({ place: z.enum(clickPlaces), clicks: count }))
      .describe('Clicks in the range by the place the link was on, most first; places without clicks left out.'),
    by_referrer: z
      .array(
        z.object({
          host: z.string().nullable().describe('The host of the referring page; null when the browser sent none.'),
          clicks: count,
        }),
      )
      .describe('Clicks in the range by referring host, most first.'),
  }),
  days: z.array(statsDay).describe('One row per day of the range, oldest first, days without anything included.'),
  launch_day: launchDayStats.nullable(),
  launch_week: z
    .object({ week: date.describe('Its Monday.'), days: z.array(statsDay).length(7) })
    .nullable()
    .describe('The launch week by day, Monday to Sunday (UTC); null before the listing went live.'),
  views_to_clicks: z
    .number()
    .nullable()
    .describe('Clicks per listing page view in the range (clicks / views); null without views.'),
});
export type ListingStats = z.output<typeof listingStats>;
