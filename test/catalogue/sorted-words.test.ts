import { Random } from '../../src/domain/random.js';
import { SortedWords } from '../../src/catalogue/search-index/sorted-words.js';
import { topK } from '../../src/catalogue/search-index/top-k.js';

describe('sorted words', () => {
  const words = new SortedWords();
  for (const word of ['8', '80', '800000', '899999', '9', 'app', 'apple', 'apps', 'b', '7', '8a']) words.add(word);

  it('finds the whole run of words a prefix starts, and nothing around it', () => {
    expect(words.startingWith('8')).toEqual(['8', '80', '800000', '899999', '8a']);
    expect(words.startingWith('80')).toEqual(['80', '800000']);
    expect(words.startingWith('app')).toEqual(['app', 'apple', 'apps']);
    expect(words.startingWith('apple')).toEqual(['apple']);
    expect(words.startingWith('b')).toEqual(['b']);
    expect(words.startingWith('7')).toEqual(['7']);
    expect(words.startingWith('appz')).toEqual([]);
    expect(words.startingWith('c')).toEqual([]);
  });

  it('says whether any word starts with a prefix, words added later included', () => {
    expect(words.startsAny('ap')).toBe(true);
    expect(words.startsAny('apq')).toBe(false);
    words.add('apq');
    expect(words.startsAny('apq')).toBe(true);
    expect(words.startingWith('ap')).toEqual(['app', 'apple', 'apps', 'apq']);
  });

  it('agrees with a scan of every word on many random words and prefixes', () => {
    const random = new Random(7);
    const all = Array.from({ length: 2000 }, () => String(Math.floor(random.next() * 5000)));
    const many = new SortedWords();
    for (const word of all) many.add(word);
    const sorted = [...all].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const prefix of ['1', '12', '499', '5', '0', '4999', '']) {
      expect(many.startingWith(prefix)).toEqual(sorted.filter((w) => w.startsWith(prefix)));
    }
  });
});

describe('top k', () => {
  it('orders by key, highest first, then by lower id, on both the sort and the heap path', () => {
    const random = new Random(11);
    const n = 500;
    const keys = Float64Array.from({ length: n }, () => Math.floor(random.next() * 20));
    const ids = Array.from({ length: n }, (_, i) => (i * 7919) % 1009);
    const idOf = (i: number) => ids[i];
    const expected = Array.from({ length: n }, (_, i) => i).sort((a, b) => keys[b] - keys[a] || ids[a] - ids[b]);
    for (const k of [0, 1, 10, 124, 125, 400, 600]) {
      expect(topK(n, k, keys, idOf)).toEqual(expected.slice(0, k));
    }
  });
});
