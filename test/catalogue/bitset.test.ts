import { Random } from '../../src/domain/random.js';
import { Bitset } from '../../src/catalogue/search-index/bitset.js';

describe('bitset', () => {
  const setOf = (size: number, members: number[]) => {
    const set = new Bitset(size);
    for (const member of members) set.set(member);
    return set;
  };

  it('lists the members that every other set has, shorter sets having none beyond their end', () => {
    const set = setOf(200, [0, 31, 32, 63, 64, 100, 199]);
    expect([...set.toArray()]).toEqual([0, 31, 32, 63, 64, 100, 199]);
    expect([...set.membersWithin([setOf(200, [31, 32, 100, 150])])]).toEqual([31, 32, 100]);
    expect([...set.membersWithin([setOf(200, [31, 32, 100]), setOf(200, [0, 32, 100])])]).toEqual([32, 100]);
    expect([...set.membersWithin([setOf(64, [0, 63, 64])])]).toEqual([0, 63]);
    expect([...set.membersWithin([new Bitset(200)])]).toEqual([]);
    expect([...new Bitset(200).membersWithin([set])]).toEqual([]);
  });

  it('agrees with a set-by-set intersection on random sets, sparse and dense', () => {
    const random = new Random(11);
    const size = 5000;
    for (const share of [0.001, 0.05, 0.5, 0.95]) {
      const members = () => Array.from({ length: size }, (_, i) => i).filter(() => random.next() < share);
      const [a, b, c] = [members(), members(), Array.from({ length: size }, (_, i) => i).filter(() => random.next() < 0.7)];
      const expected = a.filter((m) => b.includes(m) && c.includes(m));
      expect([...setOf(size, a).membersWithin([setOf(size, b), setOf(size, c)])]).toEqual(expected);
    }
  });

  it('answers each call with members of its own, a larger set after a smaller one too', () => {
    const small = setOf(64, [1, 2, 40]).toArray();
    const large = setOf(10_000, [3, 9_999]).toArray();
    const again = setOf(64, [5]).toArray();
    expect([...small]).toEqual([1, 2, 40]);
    expect([...large]).toEqual([3, 9_999]);
    expect([...again]).toEqual([5]);
  });
});
