import { loadConfig } from '../../src/config.js';
import { evidenceTextOf, normaliseForMatch } from '../../src/domain/evidence-text.js';
import { createDrafter } from '../../src/drafting/index.js';
import { createRulesDrafter } from '../../src/drafting/rules-drafter.js';
import type { CrawlWorld } from '../support/crawl-world.js';
import {
  corpusHalves,
  countsForLanguage,
  europeanLanguages,
  loadCorpus,
  replayRecorded,
  runCorpus,
  scoreByHalf,
  scoreByLanguage,
  startCorpusWorld,
  withRecordedAnswer,
  type CorpusHalf,
  type CorpusRun,
  type LanguageScore,
} from '../support/corpus.js';
import { recallOf, scoreTable, type CorpusScore } from '../support/draft-scoring.js';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';

/**
 * The drafting corpus (test/fixtures/corpus) drafted by both drafters and scored against its
 * truth files, each half on its own (split.json: the rules are tuned on dev, test holds sites they
 * were never tuned on) and each language on its own (truth.json `language`; in languages other than
 * English only the sites written blind count, split.json `blind`). The thresholds are the
 * acceptance bar of drafting quality: a change that lowers them fails here. `npm run bench --
 * --only drafting` prints the same tables.
 */
const corpus = loadCorpus();
const blind = corpus.filter((s) => s.blind);
let world: CrawlWorld;
let ai: FakeOpenAi;

beforeAll(async () => {
  world = await startCorpusWorld(corpus);
  ai = await startFakeOpenAi();
});
afterAll(async () => {
  await ai.close();
  await world.close();
});

it('holds at least 40 websites, split into two halves of at least 15', () => {
  expect(corpus.length).toBeGreaterThanOrEqual(40);
  for (const half of corpusHalves) expect(corpus.filter((s) => s.half === half).length).toBeGreaterThanOrEqual(15);
});

it.each(europeanLanguages)('holds at least 5 test and 2 dev sites in %s written blind', (language) => {
  const sites = blind.filter((s) => s.truth.language === language);
  expect(sites.filter((s) => s.half === 'test').length).toBeGreaterThanOrEqual(5);
  expect(sites.filter((s) => s.half === 'dev').length).toBeGreaterThanOrEqual(2);
});

describe.each([
  ['rules drafter', () => ({ drafter: createRulesDrafter(), hook: undefined })],
  [
    'AI drafter (recorded completions)',
    () => ({
      drafter: createDrafter(loadConfig({ AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'replay', AI_MODEL: 'recorded' })),
      hook: replayRecorded(ai),
    }),
  ],
])('%s on the drafting corpus', (label, make) => {
  let runs: CorpusRun[];
  let score: CorpusScore;
  let languages: LanguageScore[];
  let european: Record<CorpusHalf, CorpusScore>;

  beforeAll(async () => {
    const { drafter, hook } = make();
    // Only the sites with a recorded completion can be replayed for the AI drafter.
    const sites = hook ? withRecordedAnswer(corpus) : corpus;
    ({ runs, score } = await runCorpus(world, sites, drafter, hook));
    languages = scoreByLanguage(corpus.filter(countsForLanguage), runs);
    european = scoreByHalf(blind, runs);
  }, 420_000);

  it('invents nothing and leaves out every trap', () => {
    const invented = score.sites.flatMap((s) => s.invented.map((i) => `${s.site} ${i}`));
    expect({ label, invented, count: score.overall.invented }).toEqual({ label, invented: [], count: 0 });
    expect(score.trapsTaken).toEqual([]);
  });

  it('quotes every kept value from the page it cites', () => {
    for (const run of runs) {
      const texts = new Map(run.pages.map((p) => [p.url, evidenceTextOf(p)]));
      for (const field of Object.values(run.profile.fields)) {
        for (const { quote, url } of field.evidence) expect(texts.get(url)).toContain(normaliseForMatch(quote));
      }
      for (const founder of run.profile.founders) {
        for (const { quote, url } of founder.evidence) expect(texts.get(url)).toContain(quote);
      }
    }
  });

  it('never reads a page robots.txt forbids', () => {
    for (const { name, truth } of corpus) {
      for (const path of truth.forbidden_paths ?? []) expect(world.sites.hits).not.toContain(`${name}.test${path}`);
    }
  });

  if (label === 'rules drafter') {
    it.each(corpusHalves)(
      'keeps precision >= 0.95, recall >= 0.90 and founders recall >= 0.90 on the English %s half',
      (half) => {
        const { score } = languages.find((l) => l.language === 'en' && l.half === half)!;
        const { precision, recall, parts, sites } = score;
        const report = `${scoreTable(score)}\n${sites.flatMap((s) => [...s.wrong, ...s.missed].map((m) => `${s.site} ${m}`)).join('\n')}`;
        expect({
          precision: precision >= 0.95,
          recall: recall >= 0.9,
          founders: recallOf(parts.founders) >= 0.9,
          report,
        }).toMatchObject({ precision: true, recall: true, founders: true });
      },
    );

    // Only totals are shown for the test half: it is never tuned on, so its misses stay unread.
    it('keeps invented 0, precision >= 0.95, recall >= 0.90 and founders recall >= 0.90 on the six European test halves together', () => {
      const { precision, recall, parts, overall } = european.test;
      expect(overall.invented).toBe(0);
      expect(precision).toBeGreaterThanOrEqual(0.95);
      expect(recall).toBeGreaterThanOrEqual(0.9);
      expect(recallOf(parts.founders)).toBeGreaterThanOrEqual(0.9);
    });

    it.each(europeanLanguages)('keeps recall >= 0.85 on the %s test half (blind sites)', (language) => {
      const { score } = languages.find((l) => l.language === language && l.half === 'test')!;
      expect(score.sites.length).toBeGreaterThanOrEqual(5);
      expect(score.recall).toBeGreaterThanOrEqual(0.85);
    });

    it('reads script-built sites in the browser and the others as plain HTML', () => {
      for (const run of runs)
        expect({ site: run.site, rendered: run.pages[0].renderedWithBrowser }).toEqual({
          site: run.site,
          rendered: run.truth.rendered,
        });
    });

    it('builds a draft in under 2 s per site (median) on loopback', () => {
      expect(score.medianMs).toBeLessThan(2000);
    });
  }
});
