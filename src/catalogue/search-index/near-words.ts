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
  /** By trigram code (see `trigrams`), the ids of the words that have it. */
  private readonly byTrigram = new Array<number[] | undefined>(37 ** 3).fill(undefined);
  /** Per word, the trigrams it shares with the term `near` is looking at (zero between looks). */
  private shared = new Uint8Array(0);

  /** Adds a word (one that is not plain is not a `search_word` and is ignored). */
  add(word: string): void {
    if (this.known.has(word) || !plainWord.test(word)) return;
    const id = this.words.length;
    this.words.push(word);
    this.known.add(word);
    this.sorted.add(word);
    const grams = trigrams(word);
    this.trigramCounts.push(grams.size);
    for (const gram of grams) if (typeof gram === 'number') (this.byTrigram[gram] ??= []).push(id);
  }

  /** Puts the words added since in order now (see SortedWords). */
  sort(): void {
    this.sorted.sort();
  }

  /** Whether a known word starts with `term`. */
  knowsPrefix(term: string): boolean {
    return this.sorted.startsAny(term);
  }

  /** The nearest known words of `term` (up to three, similarity at least 0.25). */
  near(term: string): string[] {
    const grams = trigrams(term);
    if (this.shared.length < this.words.length) this.shared = new Uint8Array(this.words.length * 2);
    const { shared } = this;
    const touched: number[] = [];
    for (const gram of grams) {
      if (typeof gram === 'string') continue;
      for (const id of this.byTrigram[gram] ?? []) if (shared[id]++ === 0) touched.push(id);
    }
    const numbersToo = /[0-9]/.test(term);
    const found: Array<{ word: string; distance: number }> = [];
    for (const id of touched) {
      const count = shared[id];
      shared[id] = 0;
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

/** Letters, digits and the padding space, each a digit of a trigram's code in base 37. */
const alphabet = ' abcdefghijklmnopqrstuvwxyz0123456789';
const digitOf = new Map([...alphabet].map((c, i) => [c, i]));

/**
 * pg_trgm's trigrams of one word, each a number (three base-37 digits) when it has only letters,
 * digits and spaces, as every word of the lexicon has (so the lexicon adds no strings); a term's
 * other trigrams stay strings, which no word shares.
 */
function trigrams(word: string): Set<number | string> {
  const padded = `  ${word} `;
  const grams = new Set<number | string>();
  for (let i = 0; i + 3 <= padded.length; i++) {
    const [a, b, c] = [digitOf.get(padded[i]), digitOf.get(padded[i + 1]), digitOf.get(padded[i + 2])];
    grams.add(a === undefined || b === undefined || c === undefined ? padded.slice(i, i + 3) : (a * 37 + b) * 37 + c);
  }
  return grams;
}
