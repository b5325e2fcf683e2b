import type { SearchSort } from '../../domain/catalogue-terms.js';
import { withDescendants } from '../../domain/category-tree.js';
import type { Summary } from '../sql.js';
import { Bitset } from './bitset.js';
import { Lexicon } from './lexicon.js';
import { NearWords } from './near-words.js';
import { Postings } from './postings.js';
import { SortColumns } from './sort-columns.js';
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
  /**
   * The listing's summary fields as `summaryJson` builds them, but its category and counters, as
   * JSON text: one string per listing instead of a dozen objects for the collector to walk.
   */
  card: string;
}

type Card = Omit<Summary, 'primary_category' | 'votes' | 'followers' | 'views'>;

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
  /** The page's listings, as `summaryJson` builds them. */
  items: Summary[];
  total: number;
}

/** A listing's filter values, name and summary, in its slot (its sort keys are in `SortColumns`). */
interface Entry {
  siteId: number;
  status: string;
  stage: string | null;
  country: string | null;
  pricingModel: string | null;
  domain: string | null;
  categoryIds: number[];
  nameKey: string;
  card: string;
  /** Identifies the words (all, in the name, in the title) the slot's postings were made from. */
  wordsHash: number;
}

/** Above any vote count: relevance tiers weigh more than every count of votes. */
const tierWeight = 2 ** 40;

/**
 * Every listing of `search_listing` in memory. Each word of the lexicon has three postings: the
 * slots of the listings with it anywhere (name, tagline, keywords, description), in the name, and
 * in the name, tagline or keywords. A search unions the postings of each group's prefixes into a
 * bitset, combines the groups, filters and picks the page with a top-k, in the order the SQL
 * search had (see `sortKeys`). A listing whose words change gets a new slot and the old one leaves
 * `alive` and every facet; `garbage` counts such slots, which a rebuild gives back.
 */
export class ListingIndex {
  private readonly lexicon = new Lexicon();
  private readonly words = new Postings();
  private readonly names = new Postings();
  private readonly titles = new Postings();
  private readonly entries: Array<Entry | undefined> = [];
  private readonly columns = new SortColumns();
  private readonly slotOf = new Map<number, number>();
  private alive = new Bitset(0);
  /** Per filter value (see `facetsOf`), the slots of the listings that have it. */
  private readonly facets = new Map<string, Bitset>();
  private categories = new Map<number, CategoryRow>();
  private summaryCategories = new Map<number, { slug: string; name: string }>();
  /** The typo step's lexicon: `search_word`, read with the rows and then grown with them. */
  readonly nearWords = new NearWords();
  private dropped = 0;

  get size(): number {
    return this.slotOf.size;
  }

  get garbage(): number {
    return this.dropped;
  }

  /** Adds or replaces a listing. */
  put(row: SearchRow): void {
    const entry = entryOf(row);
    const current = this.slotOf.get(row.id);
    const previous = current === undefined ? undefined : this.entries[current];
    if (current !== undefined && previous?.wordsHash === entry.wordsHash) {
      this.mark(current, previous, false);
      this.entries[current] = entry;
      this.mark(current, entry, true);
      this.columns.set(current, row);
      return;
    }
    if (current !== undefined) this.drop(current);
    const slot = this.entries.length;
    this.entries.push(entry);
    this.mark(slot, entry, true);
    this.columns.set(slot, row);
    this.words.add(
      slot,
      row.words.map((w) => this.lexicon.add(w)),
    );
    this.names.add(
      slot,
      row.name_words.map((w) => this.lexicon.add(w)),
    );
    this.titles.add(
      slot,
      row.title_words.map((w) => this.lexicon.add(w)),
    );
    for (const word of row.words) this.nearWords.add(word);
    this.alive = this.alive.grown(slot + 1);
    this.alive.set(slot);
    this.slotOf.set(row.id, slot);
  }

  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.drop(slot);
    this.slotOf.delete(id);
  }

  /** The categories as they are now. */
  setCategories(rows: readonly CategoryRow[]): void {
    this.categories = new Map(rows.map((c) => [c.id, c]));
    this.summaryCategories = new Map(rows.map((c) => [c.id, { slug: c.slug, name: c.name }]));
  }

  /** Ids of the site's category `slug` and of every category below it; undefined when there is none. */
  categoryWithDescendants(siteId: number, slug: string): number[] | undefined {
    const rows = [...this.categories.values()];
    const root = rows.find((c) => c.site_id === siteId && c.slug === slug);
    return root && withDescendants(rows, root.id);
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

  /** Packs the postings read so far; a load calls it once its rows are in. */
  compact(): void {
    for (const postings of [this.words, this.names, this.titles]) postings.compact();
  }

  search(q: IndexQuery): IndexPage {
    const slots = this.entries.length;
    const lexemes = q.groups.map((prefixes) => this.lexicon.matching(prefixes));
    const matches = q.groups.length ? this.words.matching(lexemes, q.every, slots) : this.alive.copy();
    for (const set of this.filtered(q, slots)) matches.and(set);
    let found = matches.toArray();
    const { launchDay } = this.columns;
    if (q.status === 'upcoming') found = found.filter((slot) => launchDay[slot] > q.afterDay);
    if (q.domain !== undefined) found = found.filter((slot) => this.entries[slot]!.domain === q.domain);
    const keys = this.sortKeys(q, lexemes, found);
    const ids = new Float64Array(found.length);
    for (let i = 0; i < found.length; i++) ids[i] = this.columns.id[found[i]];
    // Higher keys first, then lower ids: the order of the SQL search.
    const page = topK(found.length, q.offset + q.limit, (a, b) => (keys[a] !== keys[b] ? keys[a] > keys[b] : ids[a] < ids[b]));
    return { items: page.slice(q.offset).map((i) => this.summaryOf(found[i])), total: found.length };
  }

  /** Sets (or clears) the slot in the facets of the entry's filter values. */
  private mark(slot: number, entry: Entry, on: boolean): void {
    for (const facet of facetsOf(entry)) {
      const slots = (this.facets.get(facet) ?? new Bitset(0)).grown(slot + 1);
      this.facets.set(facet, slots);
      if (on) slots.set(slot);
      else slots.clear(slot);
    }
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

  /** The summary of `summaryJson`, key for key. */
  private summaryOf(slot: number): Summary {
    const e = this.entries[slot]!;
    const card = JSON.parse(e.card) as Card;
    return {
      id: card.id,
      slug: card.slug,
      name: card.name,
      tagline: card.tagline,
      website_url: card.website_url,
      logo_url: card.logo_url,
      primary_category: (e.categoryIds.length && this.summaryCategories.get(e.categoryIds[0])) || null,
      country: card.country,
      pricing_model: card.pricing_model,
      stage: card.stage,
      status: card.status,
      launch_week: card.launch_week,
      launched_at: card.launched_at,
      votes: this.columns.votes[slot],
      followers: this.columns.followers[slot],
      views: this.columns.views[slot],
    };
  }

  private drop(slot: number): void {
    this.mark(slot, this.entries[slot]!, false);
    this.entries[slot] = undefined;
    this.alive.clear(slot);
    this.dropped++;
  }

  /**
   * What each sort orders by, per found slot, highest first (ties by id). Relevance with words:
   * the exact name first, then listings whose name matches the words, then whose name, tagline
   * or keywords do, then votes.
   */
  private sortKeys(q: IndexQuery, lexemes: number[][], found: Int32Array): Float64Array {
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
        if (!q.groups.length) {
          copy(c.votes);
          break;
        }
        const slots = this.entries.length;
        const inName = this.names.matching(lexemes, q.every, slots);
        const inTitle = this.titles.matching(lexemes, q.every, slots);
        for (let i = 0; i < found.length; i++) {
          const slot = found[i];
          // An exact name is also a name match: only those are compared.
          const named = inName.has(slot);
          const exact = named && this.entries[slot]!.nameKey === q.phrase;
          const tier = (exact ? 4 : 0) + (named ? 2 : 0) + (inTitle.has(slot) ? 1 : 0);
          keys[i] = tier * tierWeight + c.votes[slot];
        }
        break;
      }
    }
    return keys;
  }
}

function entryOf(row: SearchRow): Entry {
  return {
    siteId: row.site_id,
    status: row.status,
    stage: row.stage,
    country: row.country,
    pricingModel: row.pricing_model,
    domain: row.domain,
    categoryIds: row.category_ids,
    nameKey: row.name_key,
    card: row.card,
    wordsHash: hashOf([...row.words, '|', ...row.name_words, '|', ...row.title_words]),
  };
}

/** The filter values of an entry, each naming a facet of the index. */
function facetsOf(e: Entry): string[] {
  const facets = [`site:${e.siteId}`, `status:${e.status}`, ...e.categoryIds.map((id) => `category:${id}`)];
  if (e.stage !== null) facets.push(`stage:${e.stage}`);
  if (e.country !== null) facets.push(`country:${e.country}`);
  if (e.pricingModel !== null) facets.push(`pricing_model:${e.pricingModel}`);
  return facets;
}

/** Trending: votes / (hours since launch + 2)^1.5, as `trendingScore` in ../sql.ts computes it in SQL. */
function trendingScore(votes: number, secondsSinceLaunch: number): number {
  return votes / Math.pow(Math.max(secondsSinceLaunch / 3600, 0) + 2, 1.5);
}

/** A 53-bit hash of a word list (cyrb53): equal lists, equal hashes; others almost never. */
function hashOf(words: readonly string[]): number {
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
