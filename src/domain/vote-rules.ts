/**
 * Which community votes count. Every vote is kept; each is counted or discounted with one reason.
 * Instant rules judge a vote as it is cast; pattern rules judge a launch week's votes together in
 * the voteReview workflow. Pure: the callers load the facts and store the verdicts.
 */

/** Discount reasons, strongest first: a vote that several rules catch shows the first. */
export const discountReasons = ['voided', 'blocked', 'self_vote', 'ring', 'burst', 'shared_network', 'new_account'] as const;
export type DiscountReason = (typeof discountReasons)[number];

export interface VoteRulesConfig {
  /** An account younger than this at its vote, whose activity does not count yet, is new. */
  minAccountAgeHours: number;
  /** A vote, follow or review counts as activity this long after it was made... */
  activityMinAgeHours: number;
  /** ...once an account's actions that old touch at least this many distinct listings. */
  activityMinListings: number;
  /** More voters than this for one listing from one network within an hour are discounted. */
  maxVotersPerNetworkHour: number;
  /** An hour of a listing is a burst at this many votes or more... */
  burstMinVotes: number;
  /** ...when they are this many times its own and its week's hourly rate... */
  burstFactor: number;
  /** ...and most come from accounts younger than this or whose activity does not count yet. */
  burstNewAccountHours: number;
  /** A ring: at least this many accounts whose activity did not count yet voting for one listing... */
  ringMinAccounts: number;
  /** ...within this many weeks. */
  ringWindowWeeks: number;
}

const hourMs = 3_600_000;

/** The owner or a co-founder voting for their own listing. */
export function isSelfVote(voterId: number, ownerId: number | null, cofounderIds: readonly number[]): boolean {
  return voterId === ownerId || cofounderIds.includes(voterId);
}

/** One vote, follow or review of an account: on which listing, and when. */
export interface Action {
  listingId: number;
  at: Date;
}

/**
 * When an account's activity starts to count: `activityMinAgeHours` after the action that brought
 * its votes, follows and reviews to `activityMinListings` distinct listings; null while it has not.
 * A fresh follow or a few actions on one or two listings are what a script does before voting.
 * The oldest `activityMinListings` actions of each kind decide it, as each kind has one per listing.
 */
export function activeSince(
  firstActions: readonly Action[],
  config: Pick<VoteRulesConfig, 'activityMinAgeHours' | 'activityMinListings'>,
): Date | null {
  const listings = new Set<number>();
  for (const action of [...firstActions].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    listings.add(action.listingId);
    if (listings.size >= config.activityMinListings) return new Date(action.at.getTime() + config.activityMinAgeHours * hourMs);
  }
  return null;
}

/** How many of each kind of action (votes, follows, reviews) `activeSince` needs, oldest first. */
export const firstActionsPerKind = (config: Pick<VoteRulesConfig, 'activityMinListings'>): number => config.activityMinListings;

/** Whether the account's activity counted when it did something at `at` (strictly before: never by that action itself). */
export function isActiveAt(since: Date | null, at: Date): boolean {
  return since !== null && since.getTime() < at.getTime();
}

/** An account made less than the threshold before its vote, whose activity did not count at the vote. */
export function isNewAccount(
  accountCreatedAt: Date,
  activeSince: Date | null,
  castAt: Date,
  config: Pick<VoteRulesConfig, 'minAccountAgeHours'>,
): boolean {
  const young = castAt.getTime() - accountCreatedAt.getTime() < config.minAccountAgeHours * hourMs;
  return young && !isActiveAt(activeSince, castAt);
}

/** Whether this vote is beyond the allowed number of voters from its network for the listing in the past hour. */
export function isSharedNetwork(
  earlierVotersFromNetworkInHour: number,
  config: Pick<VoteRulesConfig, 'maxVotersPerNetworkHour'>,
): boolean {
  return earlierVotersFromNetworkInHour >= config.maxVotersPerNetworkHour;
}

/** The facts the instant rules need about a vote being cast. */
export interface CastFacts {
  voterId: number;
  ownerId: number | null;
  cofounderIds: number[];
  accountCreatedAt: Date;
  /** When the voter's activity started to count (`activeSince`); the cast may leave it null for an account old enough. */
  activeSince: Date | null;
  /** The account's votes were voided by the site team before. */
  voided: boolean;
  earlierVotersFromNetworkInHour: number;
  castAt: Date;
}

/** The instant verdict on a vote being cast: null when it counts. */
export function judgeCast(facts: CastFacts, config: VoteRulesConfig): DiscountReason | null {
  if (facts.voided) return 'voided';
  if (isSelfVote(facts.voterId, facts.ownerId, facts.cofounderIds)) return 'self_vote';
  if (isSharedNetwork(facts.earlierVotersFromNetworkInHour, config)) return 'shared_network';
  if (isNewAccount(facts.accountCreatedAt, facts.activeSince, facts.castAt, config)) return 'new_account';
  return null;
}

/** The instant verdict either way the shared_network rule goes, and from how many earlier voters of the network it goes `beyond`. */
export interface CastVerdicts {
  within: DiscountReason | null;
  beyond: DiscountReason | null;
  beyondFrom: number;
}

/**
 * A cast's verdict before its network is counted: the write counts the network's earlier voters
 * under a lock, so that votes sent at the same moment from one network cannot all pass.
 */
export function castVerdicts(facts: Omit<CastFacts, 'earlierVotersFromNetworkInHour'>, config: VoteRulesConfig): CastVerdicts {
  const beyondFrom = config.maxVotersPerNetworkHour;
  return {
    within: judgeCast({ ...facts, earlierVotersFromNetworkInHour: 0 }, config),
    beyond: judgeCast({ ...facts, earlierVotersFromNetworkInHour: beyondFrom }, config),
    beyondFrom,
  };
}

/** A vote as the pattern rules see it. */
export interface PatternVote {
  listingId: number;
  userId: number;
  castAt: Date;
  accountCreatedAt: Date;
  /** When the voter's activity started to count (`activeSince`), null if it does not yet. */
  activeSince: Date | null;
}

/** A vote of the week under review, with its verdicts. */
export interface ReviewedVote extends PatternVote {
  /** The current verdict; `voided` is the site team's and stays. */
  reason: DiscountReason | null;
  /** The instant verdict again, from the facts as they are now (an owner may have claimed the listing since). */
  instantReason: DiscountReason | null;
}

/** A group of accounts the pattern rules found, for the operator's review. */
export interface VoteCluster {
  reason: 'ring' | 'burst';
  listingIds: number[];
  userIds: number[];
  /** For a burst, the hour it started. */
  hour?: Date;
}

/** The first moment of the votes the ring rule looks at, for a review up to `until`. */
export function ringWindowStart(until: Date, config: Pick<VoteRulesConfig, 'ringWindowWeeks'>): Date {
  return new Date(until.getTime() - config.ringWindowWeeks * 7 * 24 * hourMs);
}

/**
 * Rings: at least `ringMinAccounts` accounts that voted for a listing within `ringWindowWeeks`
 * before `until` while their activity did not count yet. Their other votes do not excuse them (a
 * vote is no activity until it is old and varied enough), and a ring that adds a few accounts a
 * week is still found. Listings voted for by the same accounts are one ring; largest first.
 */
export function findRings(
  votes: readonly Omit<PatternVote, 'accountCreatedAt'>[],
  until: Date,
  config: VoteRulesConfig,
): VoteCluster[] {
  const from = ringWindowStart(until, config).getTime();
  const voters = new Map<number, Set<number>>();
  for (const vote of votes) {
    const at = vote.castAt.getTime();
    if (at < from || at >= until.getTime() || isActiveAt(vote.activeSince, vote.castAt)) continue;
    voters.set(vote.listingId, (voters.get(vote.listingId) ?? new Set()).add(vote.userId));
  }
  const rings = new Map<string, VoteCluster>();
  for (const [listingId, users] of voters) {
    if (users.size < config.ringMinAccounts) continue;
    const userIds = [...users].sort((a, b) => a - b);
    const key = userIds.join(',');
    const ring = rings.get(key) ?? { reason: 'ring', listingIds: [], userIds };
    ring.listingIds.push(listingId);
    rings.set(key, ring);
  }
  return [...rings.values()]
    .map((ring) => ({ ...ring, listingIds: ring.listingIds.sort((a, b) => a - b) }))
    .sort((a, b) => b.userIds.length - a.userIds.length || a.listingIds[0] - b.listingIds[0]);
}

/**
 * Bursts: an hour of one listing with at least `burstMinVotes` votes, `burstFactor` times both its
 * own hourly rate over the rest of the week so far and the week's rate per voted listing, mostly
 * from fresh accounts: younger than `burstNewAccountHours`, or old but without activity that
 * counts (an account made long ago and left idle is as cheap as a new one). The fresh accounts'
 * votes of that hour are the burst. Below `burstMinVotes` an hour is not a burst: slow voting by
 * idle accounts is the ring rule's, at any pace.
 */
export function findBursts(votes: readonly PatternVote[], weekStart: Date, until: Date, config: VoteRulesConfig): VoteCluster[] {
  const hours = Math.max(1, Math.ceil((until.getTime() - weekStart.getTime()) / hourMs));
  const listings = new Set(votes.map((v) => v.listingId));
  const weekRate = votes.length / Math.max(1, listings.size * hours);
  const byListingHour = new Map<string, PatternVote[]>();
  const perListing = new Map<number, number>();
  for (const vote of votes) {
    const hour = Math.floor((vote.castAt.getTime() - weekStart.getTime()) / hourMs);
    const key = `${vote.listingId}:${hour}`;
    byListingHour.set(key, [...(byListingHour.get(key) ?? []), vote]);
    perListing.set(vote.listingId, (perListing.get(vote.listingId) ?? 0) + 1);
  }
  const bursts: VoteCluster[] = [];
  for (const [key, inHour] of byListingHour) {
    const [listingId, hour] = key.split(':').map(Number);
    const ownRate = ((perListing.get(listingId) ?? 0) - inHour.length) / Math.max(1, hours - 1);
    if (inHour.length < config.burstMinVotes || inHour.length < config.burstFactor * Math.max(ownRate, weekRate)) continue;
    const fresh = inHour.filter(
      (v) =>
        v.castAt.getTime() - v.accountCreatedAt.getTime() < config.burstNewAccountHours * hourMs ||
        !isActiveAt(v.activeSince, v.castAt),
    );
    if (fresh.length * 2 <= inHour.length) continue;
    bursts.push({
      reason: 'burst',
      listingIds: [listingId],
      userIds: fresh.map((v) => v.userId).sort((a, b) => a - b),
      hour: new Date(weekStart.getTime() + hour * hourMs),
    });
  }
  return bursts.sort((a, b) => a.listingIds[0] - b.listingIds[0] || a.hour!.getTime() - b.hour!.getTime());
}

/** Each vote's verdict after a review pass: the site team's voids stay, then the strongest rule that holds. */
export function reviewVerdicts(
  votes: readonly ReviewedVote[],
  clusters: readonly VoteCluster[],
): Map<string, DiscountReason | null> {
  const caught = new Map<string, DiscountReason>();
  for (const cluster of clusters) {
    const users = new Set(cluster.userIds);
    for (const vote of votes) {
      if (!users.has(vote.userId) || !cluster.listingIds.includes(vote.listingId)) continue;
      if (cluster.hour && Math.floor(vote.castAt.getTime() / hourMs) !== Math.floor(cluster.hour.getTime() / hourMs)) continue;
      const key = voteKey(vote);
      caught.set(key, strongest(caught.get(key) ?? null, cluster.reason)!);
    }
  }
  const verdicts = new Map<string, DiscountReason | null>();
  for (const vote of votes) {
    const key = voteKey(vote);
    const own = vote.reason === 'voided' || vote.reason === 'blocked' ? vote.reason : vote.instantReason;
    verdicts.set(key, strongest(own, caught.get(key) ?? null));
  }
  return verdicts;
}

export const voteKey = (vote: { listingId: number; userId: number }) => `${vote.listingId}:${vote.userId}`;

function strongest(a: DiscountReason | null, b: DiscountReason | null): DiscountReason | null {
  if (a === null) return b;
  if (b === null) return a;
  return discountReasons.indexOf(a) <= discountReasons.indexOf(b) ? a : b;
}

/**
 * The network a vote came from, as the keyed hash stores it: the /24 of an IPv4 address, the /48
 * of an IPv6 one (an IPv4-mapped IPv6 address is IPv4). Null when the address is not one.
 */
export function networkPrefix(address: string): string | null {
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(address);
  const ip = mapped ? mapped[1] : address;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (v4) return v4.slice(1).every((n) => Number(n) <= 255) ? `${v4[1]}.${v4[2]}.${v4[3]}.0/24` : null;
  if (!/^[0-9a-f:]+$/i.test(ip) || !ip.includes(':')) return null;
  const halves = ip.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<string>(missing).fill('0'), ...tail];
  if (groups.some((g) => g.length === 0 || g.length > 4)) return null;
  return `${groups
    .slice(0, 3)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/48`;
}
