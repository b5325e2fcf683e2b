import { Bitset } from './bitset.js';

/** Where a listing has a word, as bits of its posting: anywhere, in its name, in its name, tagline or keywords. */
export const inText = 4;
export const inName = 2;
export const inTitle = 1;

/** Pairs (word, posting) per chunk while loading: 8 MB each, so growing never copies what is in. */
const chunkPairs = 1 << 20;

/** Postings of changes kept per word past this many are packed. */
const packAfter = 200_000;

/** The slots whose listings have a group's words, anywhere, in the name and in the title. */
export interface Matches {
  text: Bitset;
  name: Bitset;
  title: Bitset;
}

/**
 * One group's matches, with how many postings marked them (a dense word counting as a tenth of the
 * slots, fewer than it has): a search filters by the group with the fewest first.
 */
export interface GroupMatches extends Matches {
  postings: number;
}

/**
 * A word of more than this share of the slots keeps them as bitsets instead: three bitsets are then
 * smaller than its postings, and a search ORs them a word at a time instead of reading each posting.
 */
const denseShare = 1 / 10;

/**
 * For each word (by lexicon id), the postings of the listings that have it: `slot * 8 + places`,
 * with `places` the bits above. `compact` packs them into one typed array (word w's postings at
 * `offsets[w] .. offsets[w + 1]`), but for a word most listings have ("for", "app"), whose slots
 * it sets in bitsets of its own (`dense`). Until the first, postings are loaded into chunks of
 * typed arrays, so that a million listings' tens of millions of them are never JavaScript values;
 * after it, a change's postings wait per word (`recent`), where a search finds them too, until the next.
 */
export class Postings {
  private offsets = new Int32Array(1);
  private packed = new Int32Array(0);
  private readonly dense = new Map<number, Matches>();
  private chunks: Int32Array[] = [];
  private used = chunkPairs * 2;
  private loaded = false;
  private recent = new Map<number, number[]>();
  private waiting = 0;
  private slots = 0;

  add(slot: number, lexeme: number, places: number): void {
    this.slots = Math.max(this.slots, slot + 1);
    if (this.loaded) {
      const recent = this.recent.get(lexeme);
      if (recent) recent.push(slot * 8 + places);
      else this.recent.set(lexeme, [slot * 8 + places]);
      if (++this.waiting > packAfter) this.compact();
      return;
    }
    if (this.used === chunkPairs * 2) {
      this.chunks.push(new Int32Array(chunkPairs * 2));
      this.used = 0;
    }
    const chunk = this.chunks[this.chunks.length - 1];
    chunk[this.used++] = lexeme;
    chunk[this.used++] = slot * 8 + places;
  }

  compact(): void {
    let words = this.offsets.length - 1;
    this.eachAdded((lexeme) => (words = Math.max(words, lexeme + 1)));
    const counts = new Int32Array(words + 1);
    for (let w = 0; w < this.offsets.length - 1; w++) counts[w + 1] = this.offsets[w + 1] - this.offsets[w];
    this.eachAdded((lexeme) => counts[lexeme + 1]++);
    for (let w = 0; w < words; w++) {
      if (this.dense.has(w) || counts[w + 1] <= this.slots * denseShare) continue;
      const sets = { text: new Bitset(this.slots), name: new Bitset(this.slots), title: new Bitset(this.slots) };
      if (w < this.offsets.length - 1) mark(this.packed.subarray(this.offsets[w], this.offsets[w + 1]), sets);
      this.dense.set(w, sets);
    }
    for (const [w, sets] of this.dense) {
      if (w < words) counts[w + 1] = 0;
      for (const place of ['text', 'name', 'title'] as const) sets[place] = sets[place].grown(this.slots);
    }
    const offsets = new Int32Array(words + 1);
    for (let w = 0; w < words; w++) offsets[w + 1] = offsets[w] + counts[w + 1];
    const packed = new Int32Array(offsets[words]);
    const next = offsets.slice(0, words);
    for (let w = 0; w < this.offsets.length - 1; w++) {
      if (this.dense.has(w)) continue;
      const from = this.packed.subarray(this.offsets[w], this.offsets[w + 1]);
      packed.set(from, next[w]);
      next[w] += from.length;
    }
    this.eachAdded((lexeme, posting) => {
      const sets = this.dense.get(lexeme);
      if (sets) mark([posting], sets);
      else packed[next[lexeme]++] = posting;
    });
    this.offsets = offsets;
    this.packed = packed;
    this.chunks = [];
    this.used = chunkPairs * 2;
    this.recent = new Map();
    this.loaded = true;
    this.waiting = 0;
  }

  /**
   * Slots (below `size`) having a word of every group of lexemes, or of any group with `every`
   * false: anywhere, and, only when `places` is asked (else they are empty), in the name and in the title.
   */
  matching(groups: readonly number[][], every: boolean, size: number, places: boolean): Matches {
    let result: Matches | undefined;
    for (const group of this.matchingEach(groups, size, places)) {
      result = result
        ? {
            text: every ? result.text.and(group.text) : result.text.or(group.text),
            name: every ? result.name.and(group.name) : result.name.or(group.name),
            title: every ? result.title.and(group.title) : result.title.or(group.title),
          }
        : group;
    }
    return result ?? { text: new Bitset(size), name: new Bitset(size), title: new Bitset(size) };
  }

  /** `matching` of each group on its own, with how many postings it read (see `GroupMatches`). */
  matchingEach(groups: readonly number[][], size: number, places: boolean): GroupMatches[] {
    return groups.map((lexemes) => {
      const placed = places ? size : 0;
      const group = { text: new Bitset(size), name: new Bitset(placed), title: new Bitset(placed), postings: 0 };
      for (const lexeme of lexemes) {
        const sets = this.dense.size ? this.dense.get(lexeme) : undefined;
        if (sets) {
          group.text.or(sets.text);
          if (places) {
            group.name.or(sets.name);
            group.title.or(sets.title);
          }
          group.postings += size * denseShare;
        } else if (lexeme < this.offsets.length - 1) {
          const [from, to] = [this.offsets[lexeme], this.offsets[lexeme + 1]];
          if (places) markRange(this.packed, from, to, group);
          else group.text.setRange(this.packed, from, to, inText, 3);
          group.postings += to - from;
        }
        const recent = this.recent.size ? this.recent.get(lexeme) : undefined;
        if (recent && places) mark(recent, group);
        else if (recent) group.text.setEach(recent, inText, 3);
        group.postings += recent?.length ?? 0;
      }
      return group;
    });
  }

  private eachAdded(visit: (lexeme: number, posting: number) => void): void {
    this.chunks.forEach((chunk, c) => {
      const end = c === this.chunks.length - 1 ? this.used : chunk.length;
      for (let i = 0; i < end; i += 2) visit(chunk[i], chunk[i + 1]);
    });
    for (const [lexeme, postings] of this.recent) for (const posting of postings) visit(lexeme, posting);
  }
}

/** Sets each posting's slot in the sets of the places it names. */
function mark(postings: ArrayLike<number>, into: Matches): void {
  markRange(postings, 0, postings.length, into);
}

/** `mark` of `postings[from .. to]`, without a view of them to make (a prefix can name 100,000 words). */
function markRange(postings: ArrayLike<number>, from: number, to: number, into: Matches): void {
  Bitset.setRangeInThree(postings, from, to, 3, [into.text, into.name, into.title], [inText, inName, inTitle]);
}
