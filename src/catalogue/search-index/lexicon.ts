const plainWord = /^[a-z0-9]{3,100}$/;

/**
 * The words of the indexed listings, each with a stable id, kept in code-unit order so that the
 * words starting with a prefix are one run of the sorted list.
 */
export class Lexicon {
  private readonly ids = new Map<string, number>();
  private readonly sorted: string[] = [];

  /** The id of `word`, which it gets the first time it is added. */
  add(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(word, id);
      this.sorted.splice(this.lowerBound(word), 0, word);
    }
    return id;
  }

  /** Ids of the words that start with any of `prefixes`. */
  matching(prefixes: readonly string[]): number[] {
    const found = new Set<number>();
    for (const prefix of prefixes) {
      for (let i = this.lowerBound(prefix); i < this.sorted.length && this.sorted[i].startsWith(prefix); i++) {
        found.add(this.ids.get(this.sorted[i])!);
      }
    }
    return [...found];
  }

  /** Whether a word of plain letters and digits (as `search_word` keeps them) starts with `prefix`. */
  hasPlainWordStartingWith(prefix: string): boolean {
    for (let i = this.lowerBound(prefix); i < this.sorted.length && this.sorted[i].startsWith(prefix); i++) {
      if (plainWord.test(this.sorted[i])) return true;
    }
    return false;
  }

  private lowerBound(word: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sorted[mid] < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
