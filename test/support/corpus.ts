import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCrawler } from '../../src/crawl/crawler.js';
import type { CrawledPage } from '../../src/crawl/types.js';
import type { DraftedProfile } from '../../src/domain/evidence.js';
import { draftProfile, type Drafter } from '../../src/drafting/drafter.js';
import { startCrawlWorld, type CrawlWorld } from './crawl-world.js';
import type { FakeOpenAi } from './fake-openai.js';
import { scoreCorpus, scoreSite, withOrigin, type CorpusScore, type DraftValues, type SiteTruth } from './draft-scoring.js';

/**
 * The drafting corpus (test/fixtures/corpus): small websites served on loopback, each with a
 * truth file. Shared by the jest test (test/drafting/corpus.test.ts) and `npm run bench -- --only
 * drafting`, so both measure the same thing: crawl + draft per site, then the score.
 */
export const corpusDir = fileURLToPath(new URL('../fixtures/corpus/', import.meta.url));

/** The catalogue's category names the corpus is drafted against. */
export const corpusCatalogue = [
  'Analytics',
  'Customer Support',
  'Design',
  'Developer Tools',
  'E-commerce',
  'Education',
  'Finance',
  'Human Resources',
  'Invoicing',
  'Logistics',
  'Marketing',
  'Productivity',
  'Project Management',
  'Security',
  'Writing',
];

/** dev: the drafter may be tuned on it; test: sites it has never been tuned on (test/fixtures/corpus/split.json). */
export type CorpusHalf = 'dev' | 'test';
export const corpusHalves: readonly CorpusHalf[] = ['dev', 'test'];

export interface CorpusSite {
  name: string;
  half: CorpusHalf;
  /** Written by someone who had not read the drafter (split.json "blind", issue 47). */
  blind: boolean;
  truth: SiteTruth;
}

/** Every site of the corpus with its half; a site missing from the split, or in both halves, is an error. */
export function loadCorpus(): CorpusSite[] {
  const split = JSON.parse(readFileSync(join(corpusDir, 'split.json'), 'utf8')) as Record<CorpusHalf | 'blind', string[]>;
  const sites = readdirSync(corpusDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const halves = corpusHalves.filter((h) => split[h].includes(entry.name));
      if (halves.length !== 1) throw new Error(`${entry.name}: must be in exactly one half of split.json`);
      return {
        name: entry.name,
        half: halves[0],
        blind: split.blind.includes(entry.name),
        truth: JSON.parse(readFileSync(join(corpusDir, entry.name, 'truth.json'), 'utf8')) as SiteTruth,
      };
    });
  const unknown = split.blind.filter((name) => !sites.some((s) => s.name === name));
  if (unknown.length) throw new Error(`split.json names blind sites that do not exist: ${unknown.join(', ')}`);
  return sites;
}

/** The languages besides English that issue 47 holds the drafter to, each with a blind test half. */
export const europeanLanguages = ['de', 'fr', 'es', 'it', 'nl', 'pt'] as const;

/**
 * The sites a language's bar measures: every English site (the bar as it was before issue 47) and,
 * in the other languages, the sites written blind. The earlier non-English sites were written by
 * the drafter's author; they are scored, but apart.
 */
export const countsForLanguage = (site: CorpusSite) => site.truth.language === 'en' || site.blind;

/** Sites that have a recorded completion for the AI drafter (test/drafting/record-completions.ts). */
export const withRecordedAnswer = (corpus: readonly CorpusSite[]) =>
  corpus.filter((site) => existsSync(recordedAnswerPath(site.name)));

/** The score of each half, from one run over the whole corpus. */
export function scoreByHalf(corpus: readonly CorpusSite[], runs: readonly CorpusRun[]): Record<CorpusHalf, CorpusScore> {
  const halfOf = new Map(corpus.map((s) => [s.name, s.half]));
  const scoreOf = (half: CorpusHalf) =>
    scoreCorpus(
      runs.filter((r) => halfOf.get(r.site) === half).map((r) => scoreSite(r.site, r.truth, valuesOf(r.profile), r.ms)),
    );
  return { dev: scoreOf('dev'), test: scoreOf('test') };
}

export interface LanguageScore {
  language: string;
  half: CorpusHalf;
  score: CorpusScore;
}

/** The score of each language and half present in `corpus` (pass a filtered one), English first. */
export function scoreByLanguage(corpus: readonly CorpusSite[], runs: readonly CorpusRun[]): LanguageScore[] {
  const languages = [...new Set(corpus.map((s) => s.truth.language))].sort(
    (a, b) => Number(b === 'en') - Number(a === 'en') || a.localeCompare(b),
  );
  return languages.flatMap((language) => {
    const halves = scoreByHalf(
      corpus.filter((s) => s.truth.language === language),
      runs,
    );
    return corpusHalves.map((half) => ({ language, half, score: halves[half] })).filter((l) => l.score.sites.length);
  });
}

/** The label of the European languages' blind sites taken together. */
export const europeanTogether = `${europeanLanguages.join(', ')} together`;

/**
 * The per-language table's rows: each language and half on the sites its bar measures, the blind
 * European sites together, and the earlier non-English sites (written by the drafter's author) apart.
 */
export function languageRows(corpus: readonly CorpusSite[], runs: readonly CorpusRun[]): LanguageScore[] {
  const earlier = corpus.filter((s) => !countsForLanguage(s));
  const earlierLabel = `${[...new Set(earlier.map((s) => s.truth.language))].sort().join(', ')}, earlier sites (not blind)`;
  const groups: [string, Record<CorpusHalf, CorpusScore>][] = [
    [
      europeanTogether,
      scoreByHalf(
        corpus.filter((s) => s.blind),
        runs,
      ),
    ],
    [earlierLabel, scoreByHalf(earlier, runs)],
  ];
  return [
    ...scoreByLanguage(corpus.filter(countsForLanguage), runs),
    ...groups.flatMap(([language, halves]) => corpusHalves.map((half) => ({ language, half, score: halves[half] }))),
  ].filter((row) => row.score.sites.length);
}

export function startCorpusWorld(corpus: readonly CorpusSite[]): Promise<CrawlWorld> {
  return startCrawlWorld({
    root: corpusDir,
    siteNames: corpus.map((s) => s.name),
    wwwOnly: corpus.filter((s) => s.truth.www).map((s) => s.name),
  });
}

export interface CorpusRun {
  site: string;
  /** The truth with {origin} replaced by the home page's final origin. */
  truth: SiteTruth;
  pages: CrawledPage[];
  profile: DraftedProfile;
  /** Crawl and draft, wall clock. */
  ms: number;
}

export function valuesOf(profile: DraftedProfile): DraftValues {
  return {
    fields: Object.fromEntries(
      Object.entries(profile.fields).map(([name, field]) => [name, field.value]),
    ) as DraftValues['fields'],
    founders: profile.founders.map(({ name, title }) => ({ name, ...(title ? { title } : {}) })),
    faqs: profile.faqs.map(({ question, answer }) => ({ question, answer })),
    socials: Object.fromEntries(Object.entries(profile.socials).map(([platform, social]) => [platform, social.url])),
  };
}

/**
 * Crawls and drafts every site one after the other (timings stay comparable), `beforeDraft` runs
 * after the crawl (the AI run loads the site's recorded completion there).
 */
export async function runCorpus(
  world: CrawlWorld,
  corpus: readonly CorpusSite[],
  drafter: Drafter,
  beforeDraft: (site: CorpusSite, pages: CrawledPage[]) => void = () => undefined,
): Promise<{ runs: CorpusRun[]; score: CorpusScore }> {
  const crawler = createCrawler(world.crawlConfig());
  const runs: CorpusRun[] = [];
  for (const site of corpus) {
    const started = performance.now();
    const outcome = await crawler.crawl({ url: world.urlOf(site.name) });
    if (!outcome.ok) throw new Error(`${site.name}: crawl failed: ${outcome.failure.message}`);
    beforeDraft(site, outcome.pages);
    const profile = await draftProfile(drafter, { pages: outcome.pages, categories: corpusCatalogue });
    const ms = performance.now() - started;
    const truth = withOrigin(site.truth, new URL(outcome.pages[0].url).origin);
    runs.push({ site: site.name, truth, pages: outcome.pages, profile, ms });
  }
  const score = scoreCorpus(runs.map((r) => scoreSite(r.site, r.truth, valuesOf(r.profile), r.ms)));
  return { runs, score };
}

/**
 * The file holding a site's recorded completion: `{ source, answer }`, the answer being the message
 * content the endpoint returned, with {origin} for the site's origin (test/drafting/record-completions.ts).
 */
export const recordedAnswerPath = (site: string) => join(corpusDir, site, 'ai-answer.json');

/** A beforeDraft hook that makes the fake endpoint answer each site with its recorded completion. */
export function replayRecorded(ai: FakeOpenAi): (site: CorpusSite, pages: CrawledPage[]) => void {
  return (site, pages) => {
    const recorded = JSON.parse(readFileSync(recordedAnswerPath(site.name), 'utf8')) as { source: string; answer: unknown };
    ai.answerWith(withOrigin(recorded.answer, new URL(pages[0].url).origin));
  };
}
