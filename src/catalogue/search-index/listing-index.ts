import type { SearchSort } from '../../domain/catalogue-terms.js';
import { withDescendants } from '../../domain/category-tree.js';
import { Bitset } from './bitset.js';
import { Lexicon } from './lexicon.js';
import { NearWords } from './near-words.js';
import { inName, inText, inTitle, Postings, type Matches } from './postings.js';
import { hashOf, hashOfNumbers, SlotColumns } from './slot-columns.js';
import { topK } from './top-k.js';

/** A `search_listing` row as the index reads it (see search-index.ts). */
export interface SearchRow {
  id: number;
  site_id: number;
  status: string;
  /** Days since 1970-01-01 of the launch week's Monday. */
  launch_day: number | null;
  stage: string | null;
  country: string | null;
  pricing_model: string | null;
  domain: string | null;
  category_ids: number[];
  vote_count: number;
  follower_count: number;
  view_count: number;
  /** coalesce(launched_at, launch_week, created_at), microseconds since the epoch. */
  newest_us: number;
  /** coalesce(launched_at, created_at), seconds since the epoch (where trending counts from). */
  trending_from: number;
  name_key: string;
  name_words: string[];
  title_words: string[];
  words: string[];
}

export interface CategoryRow {
  id: number;
  site_id: number;
  parent_id: number | null;
  slug: string;
  name: string;
}

/** What a search asks of the index: its words' alternatives, filters, order and page. */
export interface IndexQuery {
  siteId: number;
  /** Per search word, the prefixes any of which it matches (the word and its near spellings). */
  groups: string[][];
  /** Whether a listing must match every group (AND) or one (OR). */
  every: boolean;
  /** The caller's words joined by a space: a listing named exactly so ranks first. */
  phrase: string;
  status: 'live' | 'upcoming';
  /** For `upcoming`: launch weeks after this day (days since the epoch) only. */
  afterDay: number;
  categoryIds?: number[];
  stage?: string;
  country?: string;
  pricingModel?: string;
  domain?: string;
  sort: SearchSort;
  offset: number;
  limit: number;
  /** Seconds since the epoch, for trending. */
  nowSeconds: number;
}

export interface IndexPage {
  /** The ids of the page's listings, in order. */
  ids: number[];
  total: number;
}

/** Above any vote count: relevance tiers weigh more than every count of votes. */
const tierWeight = 2 ** 40;

/**
 * Every listing of `search_listing` in memory, in typed arrays by slot. Each word of the lexicon
 * has postings: the slots of the listings with it, each marked with where it appears (anywhere in
 * name, tagline, keywords or description; in the name; in the name, tagline or keywords). A search
 * unions the postings of each group's prefixes into bitsets, combines the groups, filters and picks
 * the page's ids with a top-k, in the order the SQL search had (see `sortKeys`); the page's
 * summaries are read from PostgreSQL. A listing whose words change gets a new slot and the old one
 * leaves `alive` and every facet; `garbage` counts such slots, which a rebuild gives back.
 */
export class ListingIndex {
  private readonly lexicon = new Lexicon();
  private readonly postings = new Postings();
  private readonly columns = new SlotColumns();
  private readonly slotOf = new Map<number, number>();
  private slots = 0;
  private alive = new Bitset(0);
  /** Per filter value (see `facetsOf`), the slots of the listings that have it. */
  private readonly facets = new Map<string, Bitset>();
  private categories: CategoryRow[] = [];
  /** The typo step's lexicon: `search_word`, read with the rows and then grown with them. */
  readonly nearWords = new NearWords();
  private dropped = 0;
  /** The lexicon ids whose words were given to `nearWords`. */
  private nearListed = new Bitset(0);

  get size(): number {
    return this.slotOf.size;
  }

  get garbage(): number {
    return this.dropped;
  }

  /** Adds or replaces a listing. */
  put(row: SearchRow): void {
    const postings = this.postingsOf(row);
    const wordsHash = hashOfNumbers(postings);
    const current = this.slotOf.get(row.id);
    if (current !== undefined && this.columns.wordsHash[current] === wordsHash) {
      this.unmark(current);
      this.mark(current, row);
      this.columns.set(current, row, wordsHash);
      return;
    }
    if (current !== undefined) this.drop(current);
    const slot = this.slots++;
    this.alive = this.alive.grown(slot + 1);
    this.alive.set(slot);
    this.mark(slot, row);
    this.columns.set(slot, row, wordsHash);
    for (let i = 0; i < postings.length; i += 2) this.postings.add(slot, postings[i], postings[i + 1]);
    this.slotOf.set(row.id, slot);
  }

  /**
   * The row's words as pairs of lexicon id and where it has them (see postings.ts), in the order
   * of its words; a word new to the lexicon from the text also joins the typo step's words.
   */
  private postingsOf(row: SearchRow): number[] {
    const pairs: number[] = [];
    for (const word of row.words) {
      const lexeme = this.lexicon.add(word);
      if (!this.nearListed.has(lexeme)) {
        this.nearListed = this.nearListed.grown(lexeme + 1);
        this.nearListed.set(lexeme);
        this.nearWords.add(word);
      }
      pairs.push(lexeme, inText);
    }
    const place = (words: readonly string[], bit: number) => {
      for (const word of words) {
        const lexeme = this.lexicon.add(word);
        let at = 0;
        while (at < pairs.length && pairs[at] !== lexeme) at += 2;
        if (at === pairs.length) pairs.push(lexeme, bit);
        else pairs[at + 1] |= bit;
      }
    };
    place(row.name_words, inName);
    place(row.title_words, inTitle);
    return pairs;
  }

  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.drop(slot);
    this.slotOf.delete(id);
  }

  /** The categories as they are now. */
  setCategories(rows: readonly CategoryRow[]): void {
    this.categories = [...rows];
  }

  /** Ids of the site's category `slug` and of every category below it; undefined when there is none. */
  categoryWithDescendants(siteId: number, slug: string): number[] | undefined {
    const root = this.categories.find((c) => c.site_id === siteId && c.slug === slug);
    return root && withDescendants(this.categories, root.id);
  }

  /**
   * Per search word, what it matches: itself as a prefix, and when it has 4+ letters and starts no
   * known word, its near spellings too (so "notoin" also asks for "notion").
   */
  alternativesOf(terms: readonly string[]): string[][] {
    return terms.map((term) =>
      term.length >= 4 && !this.nearWords.knowsPrefix(term) ? [term, ...this.nearWords.near(term)] : [term],
    );
  }

  /** Packs the postings read so far and orders the words; a load calls it once its rows are in. */
  compact(): void {
    this.postings.compact();
    this.lexicon.sort();
    this.nearWords.sort();
  }

  search(q: IndexQuery): IndexPage {
    const slots = this.slots;
    const lexemes = q.groups.map((prefixes) => this.lexicon.matching(prefixes));
    const relevance = q.sort === 'relevance' && q.groups.length > 0;
    // Every group is a filter of the others, read only where the rarest has a match: no full AND of each.
    const matched = !q.groups.length
      ? undefined
      : q.every
        ? this.postings.matchingEach(lexemes, slots, relevance).sort((a, b) => a.postings - b.postings)
        : [this.postings.matching(lexemes, false, slots, relevance)];
    const [first, ...others] = matched?.map((m) => m.text) ?? [this.alive];
    let found = first.membersWithin([...others, ...this.filtered(q, slots)]);
    const { launchDay, domainHash } = this.columns;
    if (q.status === 'upcoming') found = found.filter((slot) => launchDay[slot] > q.afterDay);
    if (q.domain !== undefined) {
      const domain = hashOf([q.domain]);
      found = found.filter((slot) => domainHash[slot] === domain);
    }
    const keys = this.sortKeys(q, found, relevance ? matched : undefined);
    const { id } = this.columns;
    const page = topK(found.length, q.offset + q.limit, keys, (i) => id[found[i]]);
    return { ids: page.slice(q.offset).map((i) => id[found[i]]), total: found.length };
  }

  /** Sets the slot in the facets of the row's filter values. */
  private mark(slot: number, row: SearchRow): void {
    for (const facet of facetsOf(row)) {
      const slots = (this.facets.get(facet) ?? new Bitset(0)).grown(slot + 1);
      this.facets.set(facet, slots);
      slots.set(slot);
    }
  }

  /** Clears the slot from every facet: a few hundred bits, and no record of its values needed. */
  private unmark(slot: number): void {
    for (const slots of this.facets.values()) slots.clear(slot);
  }

  /** Slots with every filter value the query names (a category: it or one below it). */
  private filtered(q: IndexQuery, slots: number): Bitset[] {
    const facet = (name: string) => this.facets.get(name) ?? new Bitset(slots);
    const sets = [facet(`site:${q.siteId}`), facet(`status:${q.status === 'live' ? 'live' : 'scheduled'}`)];
    if (q.stage !== undefined) sets.push(facet(`stage:${q.stage}`));
    if (q.country !== undefined) sets.push(facet(`country:${q.country}`));
    if (q.pricingModel !== undefined) sets.push(facet(`pricing_model:${q.pricingModel}`));
    if (q.categoryIds) {
      const any = new Bitset(slots);
      for (const id of q.categoryIds) any.or(facet(`category:${id}`));
      sets.push(any);
    }
    return sets;
  }

  private drop(slot: number): void {
    this.unmark(slot);
    this.alive.clear(slot);
    this.dropped++;
  }

  /**
   * What each sort orders by, per found slot, highest first (ties by id). Relevance with words:
   * the exact name first, then listings whose name matches the words, then whose name, tagline
   * or keywords do, then votes.
   */
  private sortKeys(q: IndexQuery, found: Int32Array, matched?: readonly Matches[]): Float64Array {
    const c = this.columns;
    const keys = new Float64Array(found.length);
    const copy = (column: Float64Array) => {
      for (let i = 0; i < found.length; i++) keys[i] = column[found[i]];
    };
    switch (q.sort) {
      case 'newest':
        copy(c.newestUs);
        break;
      case 'trending':
        for (let i = 0; i < found.length; i++) {
          keys[i] = trendingScore(c.votes[found[i]], q.nowSeconds - c.trendingFrom[found[i]]);
        }
        break;
      case 'most_viewed':
        copy(c.views);
        break;
      case 'most_followed':
        copy(c.followers);
        break;
      case 'votes':
        copy(c.votes);
        break;
      case 'relevance': {
        if (!matched) {
          copy(c.votes);
          break;
        }
        const phrase = hashOf([q.phrase]);
        const names = matched.map((m) => m.name);
        const titles = matched.map((m) => m.title);
        for (let i = 0; i < found.length; i++) {
          const slot = found[i];
          // An exact name is also a name match: only those are compared.
          const named = hasInEvery(names, slot);
          const exact = named && c.nameHash[slot] === phrase;
          const tier = (exact ? 4 : 0) + (named ? 2 : 0) + (hasInEvery(titles, slot) ? 1 : 0);
          keys[i] = tier * tierWeight + c.votes[slot];
        }
        break;
      }
    }
    return keys;
  }
}

/** Whether every set has the slot: a loop, as it runs for each match of a search. */
function hasInEvery(sets: readonly Bitset[], slot: number): boolean {
  for (const set of sets) if (!set.has(slot)) return false;
  return true;
}

/** The filter values of a row, each naming a facet of the index. */
function facetsOf(row: SearchRow): string[] {
  const facets = [`site:${row.site_id}`, `status:${row.status}`, ...row.category_ids.map((id) => `category:${id}`)];
  if (row.stage !== null) facets.push(`stage:${row.stage}`);
  if (row.country !== null) facets.push(`country:${row.country}`);
  if (row.pricing_model !== null) facets.push(`pricing_model:${row.pricing_model}`);
  return facets;
}

/**
 * Trending: votes / (hours since launch + 2)^1.5, as `trendingScore` in ../sql.ts computes it in
 * SQL; x * sqrt(x) is x^1.5 to the last bit or two, at a seventh of Math.pow's cost over a
 * million listings.
 */
function trendingScore(votes: number, secondsSinceLaunch: number): number {
  const base = Math.max(secondsSinceLaunch / 3600, 0) + 2;
  return votes / (base * Math.sqrt(base));
}
