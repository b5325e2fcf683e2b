/**
 * Which community votes count. Every vote is kept; each is counted or discounted with one reason.
 * Instant rules judge a vote as it is cast; pattern rules judge a launch week's votes together in
 * the voteReview workflow. Pure: the callers load the facts and store the verdicts.
 */

/** Discount reasons, strongest first: a vote that several rules catch shows the first. */
export const discountReasons = ['voided', 'self_vote', 'ring', 'burst', 'shared_network', 'new_account'] as const;
export type DiscountReason = (typeof discountReasons)[number];

export interface VoteRulesConfig {
  /** An account younger than this at its vote, without earlier activity, is new. */
  minAccountAgeHours: number;
  /** More voters than this for one listing from one network within an hour are discounted. */
  maxVotersPerNetworkHour: number;
  /** An hour of a listing is a burst at this many votes or more... */
  burstMinVotes: number;
  /** ...when they are this many times its own and its week's hourly rate... */
  burstFactor: number;
  /** ...and most come from accounts younger than this. */
  burstNewAccountHours: number;
  /** A ring: at least this many accounts voting for the same few listings... */
  ringMinAccounts: number;
  /** ...at most this many listings in common... */
  ringMaxListings: number;
  /** ...and at most this many other votes, follows or reviews each. */
  ringMaxOtherActions: number;
}

const hourMs = 3_600_000;

/** The owner or a co-founder voting for their own listing. */
export function isSelfVote(voterId: number, ownerId: number | null, cofounderIds: readonly number[]): boolean {
  return voterId === ownerId || cofounderIds.includes(voterId);
}

/** An account made less than the threshold before its vote, with no vote, follow or review before it. */
export function isNewAccount(
  accountCreatedAt: Date,
  firstActivityAt: Date | null,
  castAt: Date,
  config: Pick<VoteRulesConfig, 'minAccountAgeHours'>,
): boolean {
  const young = castAt.getTime() - accountCreatedAt.getTime() < config.minAccountAgeHours * hourMs;
  const activeBefore = firstActivityAt !== null && firstActivityAt.getTime() < castAt.getTime();
  return young && !activeBefore;
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
  firstActivityAt: Date | null;
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
  if (isNewAccount(facts.accountCreatedAt, facts.firstActivityAt, facts.castAt, config)) return 'new_account';
  return null;
}

/** A vote of the week under review, with what the rules need to know about it. */
export interface ReviewedVote {
  listingId: number;
  userId: number;
  castAt: Date;
  /** The current verdict; `voided` is the site team's and stays. */
  reason: DiscountReason | null;
  /** The instant verdict again, from the facts as they are now (an owner may have claimed the listing since). */
  instantReason: DiscountReason | null;
  accountCreatedAt: Date;
}

/** A voter's whole record on the site: every listing they vote for, and how many follows and reviews. */
export interface VoterRecord {
  userId: number;
  listingIds: number[];
  follows: number;
  reviews: number;
}

/** A group of accounts the pattern rules found, for the operator's review. */
export interface VoteCluster {
  reason: 'ring' | 'burst';
  listingIds: number[];
  userIds: number[];
  /** For a burst, the hour it started. */
  hour?: Date;
}

/**
 * Rings: accounts that vote for the same few listings (a "core" of at most `ringMaxListings`) and
 * little else. Largest groups first; an account belongs to one ring at most.
 */
export function findRings(voters: readonly VoterRecord[], config: VoteRulesConfig): VoteCluster[] {
  const members = new Map<string, { listingIds: number[]; userIds: number[] }>();
  for (const voter of voters) {
    const listings = [...new Set(voter.listingIds)].sort((a, b) => a - b);
    const others = voter.follows + voter.reviews;
    if (listings.length === 0 || listings.length + others > config.ringMaxListings + config.ringMaxOtherActions) continue;
    for (const core of subsets(listings, config.ringMaxListings)) {
      if (listings.length - core.length + others > config.ringMaxOtherActions) continue;
      const key = core.join(',');
      const group = members.get(key) ?? { listingIds: core, userIds: [] };
      group.userIds.push(voter.userId);
      members.set(key, group);
    }
  }
  const candidates = [...members.values()]
    .filter((g) => g.userIds.length >= config.ringMinAccounts)
    .sort((a, b) => b.userIds.length - a.userIds.length || b.listingIds.length - a.listingIds.length);
  const taken = new Set<number>();
  const rings: VoteCluster[] = [];
  for (const group of candidates) {
    const free = group.userIds.filter((id) => !taken.has(id));
    if (free.length < config.ringMinAccounts) continue;
    free.forEach((id) => taken.add(id));
    rings.push({ reason: 'ring', listingIds: group.listingIds, userIds: free.sort((a, b) => a - b) });
  }
  return rings;
}

/** Non-empty subsets of a sorted list with at most `max` elements, each sorted. */
function subsets(items: number[], max: number): number[][] {
  const out: number[][] = [];
  const walk = (start: number, chosen: number[]) => {
    for (let i = start; i < items.length; i++) {
      const next = [...chosen, items[i]];
      out.push(next);
      if (next.length < max) walk(i + 1, next);
    }
  };
  walk(0, []);
  return out;
}

/**
 * Bursts: an hour of one listing with at least `burstMinVotes` votes, `burstFactor` times both its
 * own hourly rate over the rest of the week so far and the week's rate per voted listing, mostly
 * from young accounts. The young accounts' votes of that hour are the burst.
 */
export function findBursts(votes: readonly ReviewedVote[], weekStart: Date, until: Date, config: VoteRulesConfig): VoteCluster[] {
  const hours = Math.max(1, Math.ceil((until.getTime() - weekStart.getTime()) / hourMs));
  const listings = new Set(votes.map((v) => v.listingId));
  const weekRate = votes.length / Math.max(1, listings.size * hours);
  const byListingHour = new Map<string, ReviewedVote[]>();
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
    const young = inHour.filter((v) => v.castAt.getTime() - v.accountCreatedAt.getTime() < config.burstNewAccountHours * hourMs);
    if (young.length * 2 <= inHour.length) continue;
    bursts.push({
      reason: 'burst',
      listingIds: [listingId],
      userIds: young.map((v) => v.userId).sort((a, b) => a - b),
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
    const own = vote.reason === 'voided' ? 'voided' : vote.instantReason;
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
