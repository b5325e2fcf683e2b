import {
  activeSince,
  castVerdicts,
  findBursts,
  findRings,
  firstActionsPerKind,
  isActiveAt,
  isNewAccount,
  isSelfVote,
  isSharedNetwork,
  judgeCast,
  networkPrefix,
  reviewVerdicts,
  voteKey,
  type CastFacts,
  type ReviewedVote,
  type VoteRulesConfig,
} from '../../src/domain/vote-rules.js';

const hour = 3_600_000;
const rules: VoteRulesConfig = {
  minAccountAgeHours: 24,
  activityMinAgeHours: 24,
  activityMinListings: 3,
  maxVotersPerNetworkHour: 3,
  burstMinVotes: 10,
  burstFactor: 5,
  burstNewAccountHours: 72,
  ringMinAccounts: 5,
  ringWindowWeeks: 8,
};
const monday = new Date('2026-11-16T00:00:00Z');
const at = (hours: number) => new Date(monday.getTime() + hours * hour);

describe('vote rules: instant', () => {
  it('self_vote: the owner or a co-founder', () => {
    expect(isSelfVote(7, 7, [])).toBe(true);
    expect(isSelfVote(8, 7, [8, 9])).toBe(true);
    expect(isSelfVote(10, 7, [8, 9])).toBe(false);
    expect(isSelfVote(10, null, [])).toBe(false);
  });

  it('activity: counts once actions on enough distinct listings are old enough, never by the action judged', () => {
    const act = (listingId: number, hours: number) => ({ listingId, at: at(hours) });
    expect(activeSince([], rules)).toBeNull();
    // One follow, or several actions on two listings, is not activity however old.
    expect(activeSince([act(1, 0)], rules)).toBeNull();
    expect(activeSince([act(1, 0), act(2, 1), act(1, 2), act(2, 3)], rules)).toBeNull();
    // The third distinct listing starts the clock, in time order whatever the order given.
    expect(activeSince([act(3, 10), act(1, 0), act(1, 5), act(2, 1)], rules)).toEqual(at(34));
    expect(activeSince([act(1, 0), act(2, 1), act(3, 2)], { activityMinAgeHours: 0, activityMinListings: 3 })).toEqual(at(2));
    expect(activeSince([act(1, 0)], { activityMinAgeHours: 0, activityMinListings: 1 })).toEqual(at(0));
    expect(firstActionsPerKind(rules)).toBe(3);
    expect(isActiveAt(null, at(100))).toBe(false);
    expect(isActiveAt(at(34), at(35))).toBe(true);
    expect(isActiveAt(at(34), at(34))).toBe(false);
  });

  it('new_account: younger than the threshold at the vote, unless its activity counted before it', () => {
    const cast = at(48);
    expect(isNewAccount(at(30), null, cast, rules)).toBe(true);
    expect(isNewAccount(at(24), null, cast, rules)).toBe(false);
    expect(isNewAccount(at(30), at(40), cast, { minAccountAgeHours: 24 })).toBe(false);
    // Activity that counts only from the vote on, or later, is not before it.
    expect(isNewAccount(at(30), cast, cast, rules)).toBe(true);
    expect(isNewAccount(at(30), at(50), cast, rules)).toBe(true);
    expect(isNewAccount(at(30), null, cast, { minAccountAgeHours: 0 })).toBe(false);
  });

  it('shared_network: voters beyond the allowed number from one network in the hour', () => {
    expect(isSharedNetwork(2, rules)).toBe(false);
    expect(isSharedNetwork(3, rules)).toBe(true);
  });

  it('judges a cast by the strongest rule that holds', () => {
    const facts: CastFacts = {
      voterId: 5,
      ownerId: 1,
      cofounderIds: [],
      accountCreatedAt: at(0),
      activeSince: null,
      voided: false,
      earlierVotersFromNetworkInHour: 0,
      castAt: at(100),
    };
    expect(judgeCast(facts, rules)).toBeNull();
    expect(judgeCast({ ...facts, accountCreatedAt: at(99) }, rules)).toBe('new_account');
    expect(judgeCast({ ...facts, accountCreatedAt: at(99), earlierVotersFromNetworkInHour: 3 }, rules)).toBe('shared_network');
    expect(judgeCast({ ...facts, cofounderIds: [5], earlierVotersFromNetworkInHour: 3 }, rules)).toBe('self_vote');
    expect(judgeCast({ ...facts, cofounderIds: [5], voided: true }, rules)).toBe('voided');
  });

  it('gives a cast its verdict either way the network count goes, for the write to choose under its lock', () => {
    const facts = {
      voterId: 5,
      ownerId: 1,
      cofounderIds: [],
      accountCreatedAt: at(0),
      activeSince: null,
      voided: false,
      castAt: at(100),
    };
    expect(castVerdicts(facts, rules)).toEqual({ within: null, beyond: 'shared_network', beyondFrom: 3 });
    expect(castVerdicts({ ...facts, accountCreatedAt: at(99) }, rules)).toEqual({
      within: 'new_account',
      beyond: 'shared_network',
      beyondFrom: 3,
    });
    expect(castVerdicts({ ...facts, ownerId: 5 }, rules)).toEqual({ within: 'self_vote', beyond: 'self_vote', beyondFrom: 3 });
  });

  it('keeps only the /24 or /48 network of an address', () => {
    expect(networkPrefix('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkPrefix('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkPrefix('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkPrefix('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkPrefix('::1')).toBe('0:0:0::/48');
    expect(networkPrefix('999.1.1.1')).toBeNull();
    expect(networkPrefix('not an address')).toBeNull();
    expect(networkPrefix('1:2:3:4:5:6:7:8:9')).toBeNull();
  });
});

describe('vote rules: patterns', () => {
  const week = 7 * 24;
  /** A vote whose voter's activity counts from `since` (null: not yet; by default long before). */
  const vote = (
    listingId: number,
    userId: number,
    castAt: Date,
    accountCreatedAt = at(-1000),
    since: Date | null = at(-900),
  ): ReviewedVote => ({
    listingId,
    userId,
    castAt,
    accountCreatedAt,
    activeSince: since,
    reason: null,
    instantReason: null,
  });
  const idle = (listingId: number, userId: number, hours: number) => vote(listingId, userId, at(hours), at(-1000), null);

  it('ring: accounts not yet active voting for one listing, whatever else they voted for; largest first', () => {
    const ring = [1, 2, 3, 4, 5, 6].map((id) => idle(100, id, 10 + id));
    // Votes for other listings at the same time are not activity, so they excuse nothing.
    const camouflage = [1, 2, 3].flatMap((id) => [idle(300 + id, id, 10), idle(310 + id, id, 10)]);
    const pairRing = [11, 12, 13, 14, 15].flatMap((id) => [idle(200, id, 20), idle(201, id, 21)]);
    // Accounts whose activity counted before their vote are people who use the site.
    const regulars = [21, 22, 23, 24, 25].map((id) => vote(100, id, at(30)));
    const found = findRings([...ring, ...camouflage, ...pairRing, ...regulars], at(week), rules);
    expect(found).toEqual([
      { reason: 'ring', listingIds: [100], userIds: [1, 2, 3, 4, 5, 6] },
      { reason: 'ring', listingIds: [200, 201], userIds: [11, 12, 13, 14, 15] },
    ]);
    // Too few accounts is not a ring.
    expect(findRings(ring.slice(0, 4), at(week), rules)).toEqual([]);
    // Activity that began only after the vote does not excuse it.
    expect(
      findRings(
        ring.map((v) => ({ ...v, activeSince: at(50) })),
        at(week),
        rules,
      ),
    ).toHaveLength(1);
    expect(
      findRings(
        ring.map((v) => ({ ...v, activeSince: at(10) })),
        at(week),
        rules,
      ),
    ).toEqual([]);
  });

  it('ring: looked for over the window before the review, so a few accounts a week add up', () => {
    const weekly = [0, 1, 2, 3, 4, 5].map((i) => idle(100, i + 1, -i * week + 5));
    expect(findRings(weekly, at(week), rules)).toEqual([{ reason: 'ring', listingIds: [100], userIds: [1, 2, 3, 4, 5, 6] }]);
    // Votes before the window, or after its end, are not looked at.
    expect(findRings(weekly, at(week), { ...rules, ringWindowWeeks: 4 })).toEqual([]);
    expect(findRings(weekly, at(-week), rules)).toEqual([]);
  });

  it('burst: an hour far above the listing’s and the week’s rate, mostly from young or idle accounts', () => {
    // Steady background: listing 1 and 2 get a vote every few hours.
    const steady = Array.from({ length: 40 }, (_, i) => vote(1 + (i % 2), 1000 + i, at(i * 3)));
    const burst = Array.from({ length: 12 }, (_, i) => vote(1, 2000 + i, at(50.5), at(49), null));
    const olds = [vote(1, 3000, at(50.2)), vote(1, 3001, at(50.7))];
    const found = findBursts([...steady, ...burst, ...olds], monday, at(168), rules);
    expect(found).toEqual([{ reason: 'burst', listingIds: [1], userIds: burst.map((v) => v.userId), hour: at(50) }]);
    // Accounts made long ago but left idle are as cheap as new ones.
    const idleOld = burst.map((v) => ({ ...v, accountCreatedAt: at(-1000) }));
    expect(findBursts([...steady, ...idleOld, ...olds], monday, at(168), rules)).toEqual(found);
    // Young accounts are fresh even when already active.
    const youngActive = burst.map((v) => ({ ...v, activeSince: at(49.5) }));
    expect(findBursts([...steady, ...youngActive, ...olds], monday, at(168), rules)).toEqual(found);
    // The same hour from old accounts active on the site is popularity, not a burst.
    const popular = burst.map((v) => ({ ...v, accountCreatedAt: at(-1000), activeSince: at(-900) }));
    expect(findBursts([...steady, ...popular], monday, at(168), rules)).toEqual([]);
    // Below the minimum number of votes nothing is a burst.
    expect(findBursts([...steady, ...burst.slice(0, 9)], monday, at(168), rules)).toEqual([]);
  });

  it('verdicts: the site team’s voids stay, then the strongest rule; votes outside a cluster keep their instant verdict', () => {
    const votes = [
      { ...vote(100, 1, at(1)), instantReason: 'new_account' as const },
      { ...vote(100, 2, at(1)), reason: 'voided' as const },
      { ...vote(101, 1, at(2)), instantReason: 'new_account' as const },
      vote(100, 9, at(3)),
      { ...vote(100, 8, at(3)), reason: 'ring' as const },
    ];
    const verdicts = reviewVerdicts(votes, [{ reason: 'ring', listingIds: [100], userIds: [1, 2] }]);
    expect(verdicts.get(voteKey({ listingId: 100, userId: 1 }))).toBe('ring');
    expect(verdicts.get(voteKey({ listingId: 100, userId: 2 }))).toBe('voided');
    expect(verdicts.get(voteKey({ listingId: 101, userId: 1 }))).toBe('new_account');
    expect(verdicts.get(voteKey({ listingId: 100, userId: 9 }))).toBeNull();
    // A ring no longer found lets its votes count again.
    expect(verdicts.get(voteKey({ listingId: 100, userId: 8 }))).toBeNull();
  });
});
