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
});
