import { readFileSync, writeFileSync } from 'node:fs';
import { loadConfig } from '../src/config.js';
import { createDrafter } from '../src/drafting/index.js';
import { createRulesDrafter } from '../src/drafting/rules-drafter.js';
import {
  corpusHalves,
  languageRows,
  loadCorpus,
  replayRecorded,
  runCorpus,
  scoreByHalf,
  startCorpusWorld,
  withRecordedAnswer,
} from '../test/support/corpus.js';
import { languageTable, scoreTable, siteTable, type CorpusScore } from '../test/support/draft-scoring.js';
import { startFakeOpenAi } from '../test/support/fake-openai.js';
import type { BenchSection } from './section.js';

const docPath = 'docs/drafting.md';
const start = '<!-- drafting-score:start -->';
const end = '<!-- drafting-score:end -->';

function summary(score: CorpusScore): string {
  return `precision ${score.precision.toFixed(3)}, recall ${score.recall.toFixed(3)}, invented ${score.overall.invented}, traps taken ${score.trapsTaken.length}, median ${Math.round(score.medianMs)} ms per site`;
}

/**
 * Drafts every site of the drafting corpus (test/fixtures/corpus) with the rules drafter and the
 * sites that have a recorded completion with the AI drafter, scores each half of the corpus
 * (split.json) against the truth files, and writes the tables into docs/drafting.md as well as
 * the benchmark page.
 */
export const draftingSection: BenchSection = {
  name: 'drafting',
  async run(log) {
    const corpus = loadCorpus();
    const recordedSites = withRecordedAnswer(corpus);
    const world = await startCorpusWorld(corpus);
    const ai = await startFakeOpenAi();
    try {
      const rules = await runCorpus(world, corpus, createRulesDrafter());
      const rulesHalves = scoreByHalf(corpus, rules.runs);
      for (const half of corpusHalves) log(`rules, ${half} half: ${summary(rulesHalves[half])}`);
      const languages = languageRows(corpus, rules.runs);
      for (const { language, half, score } of languages) log(`rules, ${language}, ${half}: ${summary(score)}`);
      const aiDrafter = createDrafter(loadConfig({ AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'replay', AI_MODEL: 'recorded' }));
      const recorded = await runCorpus(world, recordedSites, aiDrafter, replayRecorded(ai));
      const recordedHalves = scoreByHalf(corpus, recorded.runs);
      const rulesOnRecorded = scoreByHalf(
        corpus,
        rules.runs.filter((r) => recordedSites.some((s) => s.name === r.site)),
      );
      log(`ai (recorded, ${recordedSites.length} sites): ${summary(recorded.score)}`);
      log(`rules on the same sites: ${summary(rulesOnRecorded.dev)}`);
      const count = (half: string) => corpus.filter((s) => s.half === half).length;
      const markdown = `Corpus: ${corpus.length} websites on loopback (test/fixtures/corpus), split once into a dev half
(${count('dev')} sites, the rules are tuned on it) and a test half (${count('test')} sites, never tuned on), crawled
with the default crawler settings (Chromium for script-built pages) and drafted one after the other.

### Rules drafter, per language

Each language's rows count, besides English, only the sites written blind (split.json \`blind\`);
the earlier non-English sites, written by the drafter's author, have rows of their own.

${languageTable(languages)}

### Rules drafter, test half

${summary(rulesHalves.test)}.

${scoreTable(rulesHalves.test)}

${siteTable(rulesHalves.test)}

### Rules drafter, dev half

${summary(rulesHalves.dev)}.

${scoreTable(rulesHalves.dev)}

${siteTable(rulesHalves.dev)}

### AI drafter, recorded completions replayed

Only the ${recordedSites.length} sites with a recorded completion (all in the dev half); the sites added
with the split have none. ${summary(recorded.score)}. The rules drafter on the same sites:
${summary(rulesOnRecorded.dev)}. The completions are fixtures (see "Recorded completions"
above): this measures the prompt, the parsing and the evidence verifier on those answers, not a
live model.

${scoreTable(recordedHalves.dev)}`;
      const doc = readFileSync(docPath, 'utf8');
      const [before, rest] = doc.split(start);
      writeFileSync(docPath, `${before}${start}\n\n${markdown}\n\n${end}${rest.split(end)[1]}`);
      log(`tables written to ${docPath}`);
      return markdown;
    } finally {
      await ai.close();
      await world.close();
    }
  },
};
