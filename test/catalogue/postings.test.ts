import { Random } from '../../src/domain/random.js';
import { inName, inText, inTitle, Postings } from '../../src/catalogue/search-index/postings.js';

const slotsOf = (set: { toArray(): Int32Array }) => [...set.toArray()];

describe('search postings', () => {
  it('finds postings loaded, packed, added after and packed again, with their places', () => {
    const postings = new Postings();
    postings.add(0, 0, inText | inName);
    postings.add(1, 0, inText);
    postings.add(1, 1, inText | inTitle);
    postings.compact();
    postings.add(2, 1, inText | inName | inTitle);
    postings.add(3, 2, inText);

    const both = postings.matching([[0], [1]], true, 4, true);
    expect(slotsOf(both.text)).toEqual([1]);
    expect(slotsOf(both.name)).toEqual([]);
    const either = postings.matching([[0], [1]], false, 4, true);
    expect(slotsOf(either.text)).toEqual([0, 1, 2]);
    expect(slotsOf(either.name)).toEqual([0, 2]);
    expect(slotsOf(either.title)).toEqual([1, 2]);
    expect(slotsOf(postings.matching([[1, 2]], true, 4, false).text)).toEqual([1, 2, 3]);

    postings.compact();
    expect(slotsOf(postings.matching([[1, 2]], true, 4, true).title)).toEqual([1, 2]);
  });

  it('packs the postings of changes once enough wait, and loses none', () => {
    const postings = new Postings();
    postings.compact();
    const slots = 250_000;
    for (let slot = 0; slot < slots; slot++) postings.add(slot, slot % 3, inText | (slot % 2 ? inName : 0));
    const found = postings.matching([[1]], true, slots, true);
    expect(found.text.toArray().length).toBe(Math.floor((slots - 2) / 3) + 1);
    expect(found.name.toArray().length).toBe(found.text.toArray().filter((s) => s % 2).length);
  });

  it('answers as a plain scan would, for words few listings have and words most have, before and after packing', () => {
    const rnd = new Random(5);
    const slots = 3000;
    // Word w is in about one listing in (w + 1): the first few are kept as bitsets, the rest as postings.
    const had: Array<[number, number, number]> = [];
    const postings = new Postings();
    const addAll = (from: number, to: number) => {
      for (let slot = from; slot < to; slot++) {
        for (let w = 0; w < 40; w++) {
          if (!rnd.chance(1 / (w + 1))) continue;
          const places = inText | (rnd.chance(0.3) ? inName : 0) | (rnd.chance(0.5) ? inTitle : 0);
          postings.add(slot, w, places);
          had.push([slot, w, places]);
        }
      }
    };
    const scan = (groups: number[][], every: boolean, place: number) => {
      const per = groups.map((lexemes) => new Set(had.filter(([, w, p]) => lexemes.includes(w) && p & place).map(([s]) => s)));
      const all = [...new Set(had.map(([s]) => s))].sort((a, b) => a - b);
      return all.filter((s) => (every ? per.every((set) => set.has(s)) : per.some((set) => set.has(s))));
    };
    const check = () => {
      for (let i = 0; i < 30; i++) {
        const groups = Array.from({ length: rnd.int(1, 3) }, () => Array.from({ length: rnd.int(1, 3) }, () => rnd.int(0, 39)));
        const every = rnd.chance(0.5);
        const found = postings.matching(groups, every, slots, true);
        expect(slotsOf(found.text)).toEqual(scan(groups, every, inText));
        expect(slotsOf(found.name)).toEqual(scan(groups, every, inName));
        expect(slotsOf(found.title)).toEqual(scan(groups, every, inTitle));
      }
    };
    addAll(0, 2000);
    postings.compact();
    check();
    addAll(2000, slots);
    check();
    postings.compact();
    check();
  });
});
