/**
 * The words of the indexed listings, each with a stable id, found by prefix: the ids in the order of
 * their words, so that the words starting with a prefix are one run of it. Additions wait in a list
 * of their own and are merged in when the order is next needed: loading hundreds of thousands of
 * words costs one sort, not a shift of the list per word.
 */
export class Lexicon {
  private readonly ids = new Map<string, number>();
  private readonly words: string[] = [];
  private sorted: number[] = [];
  private pending: number[] = [];

  /** The id of `word`, which it gets the first time it is added. */
  add(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.ids.set(word, id);
      this.words.push(word);
      this.pending.push(id);
    }
    return id;
  }

  /** Puts the words added since in order now, so that the next search does not wait for it. */
  sort(): void {
    this.inOrder();
  }

  /** Ids of the words that start with any of `prefixes`. */
  matching(prefixes: readonly string[]): number[] {
    const sorted = this.inOrder();
    const found: number[] = [];
    for (const prefix of prefixes) {
      for (let i = this.lowerBound(prefix); i < sorted.length && this.words[sorted[i]].startsWith(prefix); i++) {
        found.push(sorted[i]);
      }
    }
    return prefixes.length > 1 ? [...new Set(found)] : found;
  }

  private inOrder(): number[] {
    if (this.pending.length) {
      const { words } = this;
      const before = (a: number, b: number) => words[a] < words[b];
      const added = this.pending.sort((a, b) => (before(a, b) ? -1 : 1));
      this.pending = [];
      const merged = new Array<number>(this.sorted.length + added.length);
      let i = 0;
      let j = 0;
      for (let k = 0; k < merged.length; k++) {
        merged[k] =
          j >= added.length || (i < this.sorted.length && before(this.sorted[i], added[j])) ? this.sorted[i++] : added[j++];
      }
      this.sorted = merged;
    }
    return this.sorted;
  }

  private lowerBound(word: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.words[this.sorted[mid]] < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
