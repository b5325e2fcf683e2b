import { searchSorts } from '../src/domain/catalogue-terms.js';
import { Random } from '../src/domain/random.js';
import { seedCategories } from '../src/seed/categories.js';
import { adjectives, audiences, places, pricingModels, stages } from '../src/seed/vocabulary.js';

/** The kinds of text a visitor or an agent types into search. */
export const queryKinds = ['name', 'prefix', 'one-typo', 'two-typo', 'purpose'] as const;
export type QueryKind = (typeof queryKinds)[number];

export type TypoKind = 'transposition' | 'deletion' | 'insertion' | 'substitution';
export const typoKinds: TypoKind[] = ['transposition', 'deletion', 'insertion', 'substitution'];

const letters = 'abcdefghijklmnopqrstuvwxyz';

/** `word` with one edit of `kind` at a random inner position (the first letter stays, as people rarely miss it). */
export function misspell(rnd: Random, word: string, kind: TypoKind): string {
  const at = rnd.int(1, word.length - 2);
  const other = (c: string) => {
    const pick = letters[rnd.int(0, 24)];
    return pick === c.toLowerCase() ? 'z' : pick;
  };
  switch (kind) {
    case 'transposition':
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    case 'deletion':
      return word.slice(0, at) + word.slice(at + 1);
    case 'insertion':
      return word.slice(0, at) + letters[rnd.int(0, 25)] + word.slice(at);
    case 'substitution':
      return word.slice(0, at) + other(word[at]) + word.slice(at + 1);
  }
}

/** The longest word of a name: the one a typo lands in. */
function typoTarget(name: string): { word: string; index: number } | undefined {
  const words = name.split(' ');
  let best = -1;
  words.forEach((w, i) => {
    if (/^[A-Za-z]+$/.test(w) && w.length >= 5 && (best < 0 || w.length > words[best].length)) best = i;
  });
  return best < 0 ? undefined : { word: words[best], index: best };
}

/** A name with `edits` typos in its longest word, or undefined when it has no word long enough. */
export function misspellName(
  rnd: Random,
  name: string,
  edits: 1 | 2,
  kinds: readonly TypoKind[] = typoKinds,
): string | undefined {
  const target = typoTarget(name);
  if (!target) return undefined;
  let word = target.word;
  for (let i = 0; i < edits; i++) word = misspell(rnd, word, rnd.pick(kinds));
  if (word.toLowerCase() === target.word.toLowerCase()) return undefined;
  const words = name.split(' ');
  words[target.index] = word;
  return words.join(' ');
}

const nouns = seedCategories.flatMap((c) => c.subcategories.flatMap((s) => s.nouns));
const categorySlugs = seedCategories.flatMap((c) => [c.slug, ...c.subcategories.map((s) => s.slug)]);

/** A multi-word purpose, as someone describes what they look for. */
function purpose(rnd: Random): string {
  const noun = rnd.pick(nouns);
  switch (rnd.int(0, 2)) {
    case 0:
      return `${noun} for ${rnd.pick(audiences)}`;
    case 1:
      return `${rnd.pick(adjectives).toLowerCase()} ${noun}`;
    default:
      return `${rnd.pick(adjectives).toLowerCase()} ${noun} for ${rnd.pick(audiences)}`;
  }
}

function filter(rnd: Random): string {
  switch (rnd.int(0, 5)) {
    case 0:
      return `category=${rnd.pick(categorySlugs)}`;
    case 1:
      return `stage=${rnd.pick(stages)}`;
    case 2:
      return `country=${rnd.pick(places).country}`;
    case 3:
      return `pricing_model=${rnd.pick(pricingModels)}`;
    case 4:
      return 'status=upcoming';
    default:
      return `category=${rnd.pick(categorySlugs)}&pricing_model=${rnd.pick(pricingModels)}`;
  }
}

function text(rnd: Random, kind: QueryKind, names: readonly string[]): string | undefined {
  const name = rnd.pick(names);
  switch (kind) {
    case 'name':
      return name;
    case 'prefix':
      return name.slice(0, rnd.int(3, Math.min(8, name.length)));
    case 'one-typo':
      return misspellName(rnd, name, 1);
    case 'two-typo':
      return misspellName(rnd, name, 2);
    case 'purpose':
      return purpose(rnd);
  }
}

/**
 * `count` distinct search_listings query strings (no leading `?`), drawn from the live names and
 * the seed vocabulary: whole names, prefixes, one- and two-typo names and multi-word purposes,
 * each with and without filters and with every sort. The same names and seed give the same list.
 */
export function uniqueSearchQueries(names: readonly string[], count: number, seed = 7): string[] {
  const rnd = new Random(seed);
  const seen = new Set<string>();
  for (let attempt = 0; seen.size < count && attempt < count * 20; attempt++) {
    const q = text(rnd, queryKinds[attempt % queryKinds.length], names);
    if (!q) continue;
    const parts = [`q=${encodeURIComponent(q)}`];
    if (rnd.chance(0.5)) parts.push(filter(rnd));
    const sort = searchSorts[rnd.int(0, searchSorts.length - 1)];
    if (sort !== 'relevance') parts.push(`sort=${sort}`);
    seen.add(parts.join('&'));
  }
  return [...seen];
}

/** The read-cache rows' queries (no leading `?`): names, misspellings, category words, filters and browsing. */
export function repeatedSearchQueries(names: readonly string[]): string[] {
  const words = [
    'notes',
    'invoices',
    'kanban',
    'analytics',
    'newsletter',
    'meditation',
    'crm',
    'scheduling',
    'pixel',
    'flashcards',
  ];
  const typos = ['notse', 'anaytics', 'newsleter', 'schedulng', 'invocies', 'meditaton'];
  const filters = [
    'category=productivity',
    'category=marketing&sort=votes',
    'country=DE',
    'pricing_model=freemium&sort=newest',
    'status=upcoming',
    'stage=beta&sort=trending',
  ];
  return [
    ...names.slice(0, 200).map((n) => `q=${encodeURIComponent(n)}`),
    ...names.slice(200, 300).map((n) => `q=${encodeURIComponent(n.slice(0, 4))}`),
    ...words.map((w) => `q=${w}`),
    ...typos.map((w) => `q=${w}`),
    ...filters,
    ...words.slice(0, 4).map((w, i) => `q=${w}&${filters[i]}`),
  ];
}

/** `items` in a random order fixed by `seed` (Fisher-Yates). */
export function shuffled<T>(items: readonly T[], seed = 11): T[] {
  return new Random(seed).sample(items, items.length);
}
