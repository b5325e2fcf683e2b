/** The closed vocabularies of the public catalogue, named once for schemas and services. */

export const searchSorts = ['relevance', 'newest', 'votes', 'trending', 'most_viewed', 'most_followed'] as const;
export type SearchSort = (typeof searchSorts)[number];

export const searchStatuses = ['live', 'upcoming'] as const;
export type SearchStatus = (typeof searchStatuses)[number];

export const launchSections = [
  'today',
  'this-week',
  'trending',
  'most-voted',
  'recent',
  'most-viewed',
  'most-followed',
  'upcoming',
] as const;
export type LaunchSection = (typeof launchSections)[number];

/** How an upcoming week lists its launches: most notify-me requests first (interest), or by name. */
export const upcomingOrders = ['interest', 'name'] as const;
export type UpcomingOrder = (typeof upcomingOrders)[number];

export const leaderboards = ['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue'] as const;
export type Leaderboard = (typeof leaderboards)[number];

export const paidSections = ['story', 'milestones', 'media'] as const;
export type PaidSection = (typeof paidSections)[number];

/** Listing statuses a visitor may see: live ones, and scheduled ones ahead of their launch week. */
export const publicStatuses = ['live', 'scheduled'] as const;
