import { SortedWords } from './sorted-words.js';

/** The words of the indexed listings, each with a stable id, found by prefix. */
export class Lexicon {
  private readonly ids = new Map<string, number>();
  private readonly sorted = new SortedWords();

  /** The id of `word`, which it gets the first time it is added. */
  add(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(word, id);
      this.sorted.add(word);
    }
    return id;
  }

  /** Ids of the words that start with any of `prefixes`. */
  matching(prefixes: readonly string[]): number[] {
    const found = new Set<number>();
    for (const prefix of prefixes) for (const word of this.sorted.startingWith(prefix)) found.add(this.ids.get(word)!);
    return [...found];
  }
}
