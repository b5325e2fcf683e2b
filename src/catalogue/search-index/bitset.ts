/** A set of small non-negative integers (index slots), one bit each. */
export class Bitset {
  private readonly words: Uint32Array;

  constructor(size: number, words?: Uint32Array) {
    this.words = words ?? new Uint32Array(Math.ceil(size / 32));
  }

  /** Room for `size` members: this set, or a copy twice as large when it is too small. */
  grown(size: number): Bitset {
    if (size <= this.words.length * 32) return this;
    const copy = new Bitset(Math.max(size, this.words.length * 64));
    copy.words.set(this.words);
    return copy;
  }

  set(i: number): void {
    this.words[i >>> 5] |= 1 << (i & 31);
  }

  /** Adds `value >>> shift` of each value with a bit of `mask` set. */
  setEach(values: ArrayLike<number>, mask: number, shift: number): void {
    this.setRange(values, 0, values.length, mask, shift);
  }

  /** `setEach` of `values[from .. to]`, without a view of them to make. */
  setRange(values: ArrayLike<number>, from: number, to: number, mask: number, shift: number): void {
    const words = this.words;
    for (let i = from; i < to; i++) {
      const value = values[i];
      if (value & mask) words[value >>> (shift + 5)] |= 1 << ((value >>> shift) & 31);
    }
  }

  /**
   * `setRange` into three sets at once, each with its own mask, reading each value once (a prefix's
   * postings can be millions of values, read three times otherwise).
   */
  static setRangeInThree(
    values: ArrayLike<number>,
    from: number,
    to: number,
    shift: number,
    sets: readonly [Bitset, Bitset, Bitset],
    masks: readonly [number, number, number],
  ): void {
    const [a, b, c] = [sets[0].words, sets[1].words, sets[2].words];
    const [maskA, maskB, maskC] = masks;
    for (let i = from; i < to; i++) {
      const value = values[i];
      const word = value >>> (shift + 5);
      const bit = 1 << ((value >>> shift) & 31);
      if (value & maskA) a[word] |= bit;
      if (value & maskB) b[word] |= bit;
      if (value & maskC) c[word] |= bit;
    }
  }

  has(i: number): boolean {
    return (this.words[i >>> 5] & (1 << (i & 31))) !== 0;
  }

  clear(i: number): void {
    this.words[i >>> 5] &= ~(1 << (i & 31));
  }

  /** This set, keeping only members also in `other`. */
  and(other: Bitset): Bitset {
    const n = Math.min(this.words.length, other.words.length);
    for (let i = 0; i < n; i++) this.words[i] &= other.words[i];
    this.words.fill(0, n);
    return this;
  }

  /** This set, with the members of `other` added (as many as fit). */
  or(other: Bitset): Bitset {
    const n = Math.min(this.words.length, other.words.length);
    for (let i = 0; i < n; i++) this.words[i] |= other.words[i];
    return this;
  }

  /** The members, in increasing order. */
  toArray(): Int32Array {
    return this.membersWithin([]);
  }

  /**
   * The members that are in every one of `others` too, in increasing order: this set ANDed with
   * them, a machine word at a time, reading theirs only where this set has a member, so a small
   * set is cheap to filter by large ones, and nothing is written but the answer.
   */
  membersWithin(others: readonly Bitset[]): Int32Array {
    const words = this.words;
    const sets = others.map((other) => other.words);
    if (listed.length < words.length * 32) listed = new Int32Array(words.length * 32);
    const out = listed;
    let n = 0;
    for (let w = 0; w < words.length; w++) {
      let bits = words[w];
      if (bits === 0) continue;
      for (let s = 0; s < sets.length && bits !== 0; s++) bits &= w < sets[s].length ? sets[s][w] : 0;
      while (bits !== 0) {
        const low = bits & -bits;
        out[n++] = w * 32 + 31 - Math.clz32(low);
        bits ^= low;
      }
    }
    return out.slice(0, n);
  }
}

/**
 * Where `membersWithin` lists members before it copies them out at their number: one pass over
 * the words instead of a count first. Shared, as nothing else runs while it fills it.
 */
let listed = new Int32Array(0);
