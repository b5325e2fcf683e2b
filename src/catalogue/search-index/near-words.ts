import { SortedWords } from './sorted-words.js';

/** Words of plain letters and digits, as `search_word` keeps them. */
const plainWord = /^[a-z0-9]{3,100}$/;

const allDigits = /^[0-9]+$/;

/** At most this many near spellings per word, each at least this similar. */
const nearCount = 3;
const minSimilarity = 0.25;

/**
 * The typo step of search, on `search_word` in memory: whether a term starts a known word, and
 * otherwise its nearest known words by trigram similarity, exactly as pg_trgm's `similarity` and
 * `<->` rank them (the trigrams of "  word ", counted once each; shared / (all of both - shared)
 * in single precision; equally near words in byte order). A term without digits is compared with
 * the words that are not numbers only.
 */
export class NearWords {
  private readonly words: string[] = [];
  private readonly known = new Set<string>();
  private readonly sorted = new SortedWords();
  private readonly trigramCounts: number[] = [];
  private readonly byTrigram = new Map<string, number[]>();

  /** Adds a word (one that is not plain is not a `search_word` and is ignored). */
  add(word: string): void {
    if (this.known.has(word) || !plainWord.test(word)) return;
    const id = this.words.length;
    this.words.push(word);
    this.known.add(word);
    this.sorted.add(word);
    const grams = trigrams(word);
    this.trigramCounts.push(grams.size);
    for (const gram of grams) {
      const ids = this.byTrigram.get(gram);
      if (ids) ids.push(id);
      else this.byTrigram.set(gram, [id]);
    }
  }

  /** Whether a known word starts with `term`. */
  knowsPrefix(term: string): boolean {
    return !this.sorted.startingWith(term).next().done;
  }

  /** The nearest known words of `term` (up to three, similarity at least 0.25). */
  near(term: string): string[] {
    const grams = trigrams(term);
    const shared = new Map<number, number>();
    for (const gram of grams) {
      for (const id of this.byTrigram.get(gram) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    }
    const numbersToo = /[0-9]/.test(term);
    const found: Array<{ word: string; distance: number }> = [];
    for (const [id, count] of shared) {
      const word = this.words[id];
      if (!numbersToo && allDigits.test(word)) continue;
      const similarity = Math.fround(count / (grams.size + this.trigramCounts[id] - count));
      if (similarity >= minSimilarity) found.push({ word, distance: Math.fround(1 - similarity) });
    }
    return found
      .sort((a, b) => a.distance - b.distance || (a.word < b.word ? -1 : 1))
      .slice(0, nearCount)
      .map((f) => f.word);
  }
}

/** pg_trgm's trigrams of one word of lower-case letters and digits. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
}
