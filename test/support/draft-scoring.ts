import { draftFieldNames, type DraftFieldName } from '../../src/domain/draft-fields.js';

/**
 * Scores drafted profiles against the truth files of the drafting corpus (test/fixtures/corpus).
 * Pure: the corpus runner crawls and drafts, this module only compares and counts.
 *
 * Units: a scalar field is one unit, a list is one unit per item, founders, FAQs and company
 * socials one unit per founder, question or platform. precision = kept units that match the truth
 * / kept units; recall = truth units matched by a kept unit / truth units; invented = kept units
 * of a part the truth leaves empty; a trap is taken when a kept value of its part holds the trap.
 */
export type ScoredPart = DraftFieldName | 'founders' | 'faqs' | 'company_socials';
export const scoredParts: readonly ScoredPart[] = [...draftFieldNames, 'founders', 'faqs', 'company_socials'];

export interface FounderValue {
  name: string;
  title?: string;
}

export interface FaqValue {
  question: string;
  answer: string;
}

/** What a drafter kept for one site, as plain values. */
export interface DraftValues {
  fields: Record<DraftFieldName, string | string[] | null>;
  founders: FounderValue[];
  faqs: FaqValue[];
  socials: Record<string, string>;
}

/** A truth file: what a careful person would write for the site, or null where the site does not say. */
export interface SiteTruth extends DraftValues {
  /** The language the site is written in (ISO 639-1: en, de, fr, es, it, nl, pt). */
  language: string;
  traits: string[];
  rendered: boolean;
  /** The bare domain redirects to www; the crawl starts at the bare domain. */
  www?: boolean;
  /** Paths robots.txt forbids; the crawler must never request them. */
  forbidden_paths?: string[];
  /** Values a careless reader would take from the wrong place; part is a field, or socials.<platform>. */
  traps: { field: string; value: string; where: string }[];
}

export interface PartCount {
  kept: number;
  correct: number;
  truth: number;
  found: number;
  invented: number;
}

export interface SiteScore {
  site: string;
  ms: number;
  parts: Record<ScoredPart, PartCount>;
  /** Every kept unit that does not match the truth, for the report: "part: value". */
  wrong: string[];
  /** Every truth unit no kept unit matches. */
  missed: string[];
  /** Every kept unit of a part the truth leaves empty. */
  invented: string[];
  trapsTaken: string[];
}

export interface CorpusScore {
  sites: SiteScore[];
  parts: Record<ScoredPart, PartCount>;
  overall: PartCount;
  precision: number;
  recall: number;
  medianMs: number;
  trapsTaken: string[];
}

/** Free text a person would word in their own way: matched by shared words, not letter for letter. */
const proseParts = new Set<ScoredPart>(['tagline', 'short_description', 'description', 'pricing_summary']);
/** List items compared by shared words, at a stricter bar than prose. */
const phraseParts = new Set<ScoredPart>(['features', 'usps']);
export const proseMatchF1 = 0.6;
export const phraseMatchF1 = 0.8;

const fold = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
const words = (text: string) => fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/** Harmonic mean of the shares of words each text has in common with the other (with repeats). */
export function wordF1(a: string, b: string): number {
  const left = words(a);
  const right = words(b);
  if (!left.length || !right.length) return 0;
  const pool = new Map<string, number>();
  for (const w of right) pool.set(w, (pool.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of left) {
    const n = pool.get(w) ?? 0;
    if (n > 0) {
      common++;
      pool.set(w, n - 1);
    }
  }
  if (!common) return 0;
  const precision = common / left.length;
  const recall = common / right.length;
  return (2 * precision * recall) / (precision + recall);
}

function matches(part: ScoredPart, kept: string, truth: string): boolean {
  if (proseParts.has(part)) return wordF1(kept, truth) >= proseMatchF1;
  if (phraseParts.has(part)) return fold(kept) === fold(truth) || wordF1(kept, truth) >= phraseMatchF1;
  return fold(kept) === fold(truth);
}

/** Founders and FAQs are compared as pairs: name and title, question and answer. */
const pairSeparator = ' — ';
const splitPair = (unit: string) => {
  const at = unit.indexOf(pairSeparator);
  return [unit.slice(0, at), unit.slice(at + pairSeparator.length)];
};

/** A part's values as units that can each be compared: "founders" as "name — title", socials as "platform url". */
function unitsOf(values: DraftValues, part: ScoredPart): string[] {
  if (part === 'founders') return values.founders.map((f) => `${f.name}${pairSeparator}${f.title ?? ''}`);
  if (part === 'faqs') return values.faqs.map((f) => `${f.question}${pairSeparator}${f.answer}`);
  if (part === 'company_socials') return Object.entries(values.socials).map(([platform, url]) => `${platform} ${url}`);
  const value = values.fields[part];
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function unitMatches(part: ScoredPart, kept: string, truth: string): boolean {
  if (part === 'founders' || part === 'faqs') {
    const [keptHead, keptTail] = splitPair(kept);
    const [truthHead, truthTail] = splitPair(truth);
    // A founder named without a title (in a sentence, say) matches a truth that gives none.
    const tails = !words(keptTail).length && !words(truthTail).length;
    return (
      fold(keptHead) === fold(truthHead) &&
      (tails || wordF1(keptTail, truthTail) >= (part === 'faqs' ? phraseMatchF1 : proseMatchF1))
    );
  }
  return matches(part, kept, truth);
}

function trapValuesOf(values: DraftValues, field: string): string[] {
  if (field.startsWith('socials.')) {
    const url = values.socials[field.slice('socials.'.length)];
    return url ? [url] : [];
  }
  return (scoredParts as readonly string[]).includes(field) ? unitsOf(values, field as ScoredPart) : [];
}

/** Origins in truth files are written {origin}: the final origin of the site's home page. */
export function withOrigin<T>(truth: T, origin: string): T {
  return JSON.parse(JSON.stringify(truth).replaceAll('{origin}', origin)) as T;
}

export function scoreSite(site: string, truth: SiteTruth, draft: DraftValues, ms: number): SiteScore {
  const parts = {} as Record<ScoredPart, PartCount>;
  const wrong: string[] = [];
  const missed: string[] = [];
  const inventedUnits: string[] = [];
  for (const part of scoredParts) {
    const kept = unitsOf(draft, part);
    const expected = unitsOf(truth, part);
    const right = kept.filter((k) => expected.some((t) => unitMatches(part, k, t)));
    const found = expected.filter((t) => kept.some((k) => unitMatches(part, k, t)));
    const invented =
      part === 'company_socials' ? kept.filter((k) => !(k.split(' ')[0] in truth.socials)) : expected.length ? [] : kept;
    parts[part] = {
      kept: kept.length,
      correct: right.length,
      truth: expected.length,
      found: found.length,
      invented: invented.length,
    };
    wrong.push(...kept.filter((k) => !right.includes(k)).map((k) => `${part}: ${k}`));
    missed.push(...expected.filter((t) => !found.includes(t)).map((t) => `${part}: ${t}`));
    inventedUnits.push(...invented.map((i) => `${part}: ${i}`));
  }
  const trapsTaken = truth.traps
    .filter((trap) => trapValuesOf(draft, trap.field).some((v) => fold(v).includes(fold(trap.value))))
    .map((trap) => `${trap.field} = ${trap.value} (${trap.where})`);
  return { site, ms, parts, wrong, missed, invented: inventedUnits, trapsTaken };
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);

function sum(counts: PartCount[]): PartCount {
  const total: PartCount = { kept: 0, correct: 0, truth: 0, found: 0, invented: 0 };
  for (const c of counts) for (const key of Object.keys(total) as (keyof PartCount)[]) total[key] += c[key];
  return total;
}

export function median(values: readonly number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function scoreCorpus(sites: SiteScore[]): CorpusScore {
  const parts = Object.fromEntries(scoredParts.map((p) => [p, sum(sites.map((s) => s.parts[p]))])) as Record<
    ScoredPart,
    PartCount
  >;
  const overall = sum(Object.values(parts));
  return {
    sites,
    parts,
    overall,
    precision: ratio(overall.correct, overall.kept),
    recall: ratio(overall.found, overall.truth),
    medianMs: median(sites.map((s) => s.ms)),
    trapsTaken: sites.flatMap((s) => s.trapsTaken.map((t) => `${s.site}: ${t}`)),
  };
}

const pct = (a: number, b: number) => (b === 0 ? '-' : ratio(a, b).toFixed(2));

/** The per-part table (Markdown) with the overall line last. */
export function scoreTable(score: CorpusScore): string {
  const row = (name: string, c: PartCount) =>
    `| ${name} | ${c.truth} | ${c.kept} | ${c.correct} | ${pct(c.correct, c.kept)} | ${pct(c.found, c.truth)} | ${c.invented} |`;
  return [
    '| Part | True values | Kept | Kept and right | Precision | Recall | Invented |',
    '|---|---|---|---|---|---|---|',
    ...scoredParts.map((p) => row(p, score.parts[p])),
    row('**overall**', score.overall),
  ].join('\n');
}

/** Time and misses per site (Markdown). */
export function siteTable(score: CorpusScore): string {
  return [
    '| Site | ms | Precision | Recall | Invented | Traps taken |',
    '|---|---|---|---|---|---|',
    ...score.sites.map((s) => {
      const total = sum(Object.values(s.parts));
      return `| ${s.site} | ${Math.round(s.ms)} | ${pct(total.correct, total.kept)} | ${pct(total.found, total.truth)} | ${total.invented} | ${s.trapsTaken.length} |`;
    }),
  ].join('\n');
}

/** Recall of one part; 1 when the truth has none of it. */
export const recallOf = (count: PartCount) => ratio(count.found, count.truth);

/** One row per language (or group of sites) and half, to three places: the bars lie between 0.85 and 0.95 (Markdown). */
export function languageTable(rows: readonly { language: string; half: string; score: CorpusScore }[]): string {
  const three = (a: number, b: number) => (b === 0 ? '-' : ratio(a, b).toFixed(3));
  const row = ({ language, half, score: { sites, overall, parts } }: (typeof rows)[number]) =>
    `| ${language} | ${half} | ${sites.length} | ${three(overall.correct, overall.kept)} | ${three(overall.found, overall.truth)} | ${three(parts.founders.found, parts.founders.truth)} | ${overall.invented} |`;
  return [
    '| Language | Half | Sites | Precision | Recall | Founders recall | Invented |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(row),
  ].join('\n');
}
