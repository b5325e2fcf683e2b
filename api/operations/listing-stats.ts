import { listingStats as listingStatsOutput } from '../../src/analytics/schemas.js';
import { listingStats } from '../../src/analytics/listing-stats.js';
import { statsRange } from '../../src/domain/analytics.js';
import { listingPath } from './my-listings.js';
import { defineOperation } from './registry.js';
import { listingStatsQuery } from './stats-schemas.js';

export const getListingStats = defineOperation({
  id: 'get_listing_stats',
  method: 'GET',
  path: '/me/listings/{listing_id}/stats',
  tag: 'My listings',
  summary: "What a launch brought: one of the caller's listings' views, clicks, votes and interest",
  description:
    "Figures of one of the caller's listings over from..to (whole UTC days, default the last 30, at most 400): totals and one row per day of page views, website clicks (through visit_url), badge impressions (caches may hide some), follows, notify-me requests, followers' views after go-live, and counted and discounted votes; clicks by place and by referring host; views_to_clicks; once live, the launch day by hour (votes against the week's median and top three) and the launch week by day. Bots and repeats within 30 minutes are not counted; no visitor is identified. 404 when the caller owns no such listing.",
  scope: 'account:read',
  idempotencyKey: false,
  successStatus: 200,
  input: { path: listingPath, query: listingStatsQuery },
  output: listingStatsOutput,
  async handler({ path, query }, { em, site, principal }) {
    return listingStats(em, site.id, principal!.userId, path.listing_id, statsRange(query.from, query.to, new Date()));
  },
});

export const listingStatsOperations = [getListingStats];
