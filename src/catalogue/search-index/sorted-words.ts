/**
 * Items in the code-unit order of their words, so that the items whose word starts with a prefix
 * are one run of the list. Additions wait in a list of their own and are merged in when the order
 * is next needed: loading hundreds of thousands of words costs one sort, not a shift of the list
 * per word.
 */
export class SortedWords<Item = string> {
  private sorted: Item[] = [];
  private pending: Item[] = [];

  /** `wordOf` gives an item's word; by default the item is its word. */
  constructor(private readonly wordOf: (item: Item) => string = (item) => item as string) {}

  add(item: Item): void {
    this.pending.push(item);
  }

  /** Puts the items added since in order now, so that the next search does not wait for it. */
  sort(): void {
    this.inOrder();
  }

  /** The items whose word starts with `prefix`, in order. */
  startingWith(prefix: string): Item[] {
    const sorted = this.inOrder();
    const from = this.firstFailing(0, (word) => word < prefix);
    // The run's end is found by halving too: a short prefix ("8") starts a hundred thousand words.
    const to = this.firstFailing(from, (word) => word.startsWith(prefix));
    return sorted.slice(from, to);
  }

  /** Whether an item's word starts with `prefix`. */
  startsAny(prefix: string): boolean {
    const sorted = this.inOrder();
    const at = this.firstFailing(0, (word) => word < prefix);
    return at < sorted.length && this.wordOf(sorted[at]).startsWith(prefix);
  }

  private inOrder(): Item[] {
    if (this.pending.length) {
      const { wordOf } = this;
      const before = (a: Item, b: Item) => wordOf(a) < wordOf(b);
      const added = this.pending.sort((a, b) => (before(a, b) ? -1 : 1));
      this.pending = [];
      const merged = new Array<Item>(this.sorted.length + added.length);
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

  /** The first index from `from` whose word fails `holds`, which holds for a leading run of the order only. */
  private firstFailing(from: number, holds: (word: string) => boolean): number {
    let lo = from;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (holds(this.wordOf(this.sorted[mid]))) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
