import type { SearchRow } from './listing-index.js';

/**
 * Per slot, in typed arrays: what the sorts read, and hashes of what a search compares, so that a
 * match is judged and ordered without a JavaScript object per listing.
 */
export class SlotColumns {
  id = new Float64Array(0);
  votes = new Float64Array(0);
  followers = new Float64Array(0);
  views = new Float64Array(0);
  /** Microseconds since the epoch of what `newest` orders by. */
  newestUs = new Float64Array(0);
  /** Seconds since the epoch trending counts from. */
  trendingFrom = new Float64Array(0);
  /** Days since the epoch of the launch week, NaN without one. */
  launchDay = new Float64Array(0);
  /** `hashOf` the name key (a search for exactly the name ranks it first). */
  nameHash = new Float64Array(0);
  /** `hashOf` the domain, NaN without one. */
  domainHash = new Float64Array(0);
  /** `hashOfNumbers` of the slot's postings (see ListingIndex.put). */
  wordsHash = new Float64Array(0);

  set(slot: number, row: SearchRow, wordsHash: number): void {
    if (slot >= this.id.length) this.grow(Math.max(slot + 1, this.id.length * 2, 1024));
    this.id[slot] = row.id;
    this.votes[slot] = row.vote_count;
    this.followers[slot] = row.follower_count;
    this.views[slot] = row.view_count;
    this.newestUs[slot] = row.newest_us;
    this.trendingFrom[slot] = row.trending_from;
    this.launchDay[slot] = row.launch_day ?? NaN;
    this.nameHash[slot] = hashOf([row.name_key]);
    this.domainHash[slot] = row.domain === null ? NaN : hashOf([row.domain]);
    this.wordsHash[slot] = wordsHash;
  }

  private grow(size: number): void {
    for (const column of [
      'id',
      'votes',
      'followers',
      'views',
      'newestUs',
      'trendingFrom',
      'launchDay',
      'nameHash',
      'domainHash',
      'wordsHash',
    ] as const) {
      const grown = new Float64Array(size);
      grown.set(this[column]);
      this[column] = grown;
    }
  }
}

/** A 53-bit hash of a word list (cyrb53): equal lists, equal hashes; others almost never. */
export function hashOf(words: readonly string[]): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (const word of words) {
    for (let i = 0; i <= word.length; i++) {
      const c = i < word.length ? word.charCodeAt(i) : 32;
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A 53-bit hash of a list of small integers, in the manner of `hashOf`. */
export function hashOfNumbers(values: readonly number[]): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (const value of values) {
    h1 = Math.imul(h1 ^ value, 2654435761);
    h2 = Math.imul(h2 ^ value, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
