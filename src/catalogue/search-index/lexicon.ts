import { SortedWords } from './sorted-words.js';

/**
 * The words of the indexed listings, each with a stable id, found by prefix: the ids are kept in
 * the order of their words, so that the words starting with a prefix are one run of ids.
 */
export class Lexicon {
  private readonly ids = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly sorted = new SortedWords<number>((id) => this.words[id]);

  /** The id of `word`, which it gets the first time it is added. */
  add(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.ids.set(word, id);
      this.words.push(word);
      this.sorted.add(id);
    }
    return id;
  }

  /** Puts the words added since in order now, so that the next search does not wait for it. */
  sort(): void {
    this.sorted.sort();
  }

  /** Ids of the words that start with any of `prefixes`. */
  matching(prefixes: readonly string[]): number[] {
    if (prefixes.length === 1) return this.sorted.startingWith(prefixes[0]);
    return [...new Set(prefixes.flatMap((prefix) => this.sorted.startingWith(prefix)))];
  }
}
