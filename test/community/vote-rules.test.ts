import {
  findBursts,
  findRings,
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
  maxVotersPerNetworkHour: 3,
  burstMinVotes: 10,
  burstFactor: 5,
  burstNewAccountHours: 72,
  ringMinAccounts: 5,
  ringMaxListings: 3,
  ringMaxOtherActions: 1,
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

  it('new_account: younger than the threshold at the vote, unless active on the site before it', () => {
    const cast = at(48);
    expect(isNewAccount(at(30), null, cast, rules)).toBe(true);
    expect(isNewAccount(at(24), null, cast, rules)).toBe(false);
    expect(isNewAccount(at(30), at(40), cast, rules)).toBe(false);
    // Activity at the same moment or after the vote is not "before".
    expect(isNewAccount(at(30), cast, cast, rules)).toBe(true);
    expect(isNewAccount(at(30), at(30), cast, { minAccountAgeHours: 0 })).toBe(false);
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
      firstActivityAt: null,
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
  const voter = (userId: number, listingIds: number[], follows = 0, reviews = 0) => ({ userId, listingIds, follows, reviews });

  it('ring: accounts voting for the same few listings and little else, largest group first', () => {
    const ring = [1, 2, 3, 4, 5, 6].map((id) => voter(id, [100]));
    const pairRing = [11, 12, 13, 14, 15].map((id) => voter(id, [200, 201], id === 11 ? 1 : 0));
    const busy = [21, 22, 23, 24, 25].map((id) => voter(id, [100, 300, 301, 302, 303]));
    const found = findRings([...ring, ...pairRing, ...busy], rules);
    expect(found).toEqual([
      { reason: 'ring', listingIds: [100], userIds: [1, 2, 3, 4, 5, 6] },
      { reason: 'ring', listingIds: [200, 201], userIds: [11, 12, 13, 14, 15] },
    ]);
    // Too few accounts is not a ring.
    expect(findRings(ring.slice(0, 4), rules)).toEqual([]);
    // Accounts that do much else on the site are not a ring.
    expect(
      findRings(
        ring.map((v) => ({ ...v, follows: 2 })),
        rules,
      ),
    ).toEqual([]);
  });

  const vote = (listingId: number, userId: number, castAt: Date, accountCreatedAt = at(-1000)): ReviewedVote => ({
    listingId,
    userId,
    castAt,
    accountCreatedAt,
    reason: null,
    instantReason: null,
  });

  it('burst: an hour far above the listing’s and the week’s rate, mostly from young accounts', () => {
    // Steady background: listing 1 and 2 get a vote every few hours.
    const steady = Array.from({ length: 40 }, (_, i) => vote(1 + (i % 2), 1000 + i, at(i * 3)));
    const burst = Array.from({ length: 12 }, (_, i) => vote(1, 2000 + i, at(50.5), at(49)));
    const olds = [vote(1, 3000, at(50.2)), vote(1, 3001, at(50.7))];
    const found = findBursts([...steady, ...burst, ...olds], monday, at(168), rules);
    expect(found).toEqual([{ reason: 'burst', listingIds: [1], userIds: burst.map((v) => v.userId), hour: at(50) }]);
    // The same hour from old accounts is popularity, not a burst.
    const popular = burst.map((v) => ({ ...v, accountCreatedAt: at(-1000) }));
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
