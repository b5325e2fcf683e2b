/**
 * Words in code-unit order, so that the words starting with a prefix are one run of the list.
 * Additions wait in a list of their own and are merged in when the order is next needed: loading
 * tens of thousands of words costs one sort, not a shift of the list per word.
 */
export class SortedWords {
  private sorted: string[] = [];
  private pending: string[] = [];

  add(word: string): void {
    this.pending.push(word);
  }

  /** Puts the words added since in order now, so that the next search does not wait for it. */
  sort(): void {
    this.inOrder();
  }

  /** The words starting with `prefix`, in order. */
  *startingWith(prefix: string): Generator<string> {
    const sorted = this.inOrder();
    for (let i = lowerBound(sorted, prefix); i < sorted.length && sorted[i].startsWith(prefix); i++) yield sorted[i];
  }

  private inOrder(): string[] {
    if (this.pending.length) {
      const added = this.pending.sort();
      this.pending = [];
      const merged = new Array<string>(this.sorted.length + added.length);
      let i = 0;
      let j = 0;
      for (let k = 0; k < merged.length; k++) {
        merged[k] = j >= added.length || (i < this.sorted.length && this.sorted[i] < added[j]) ? this.sorted[i++] : added[j++];
      }
      this.sorted = merged;
    }
    return this.sorted;
  }
}

function lowerBound(sorted: readonly string[], word: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
