import { readFileSync, writeFileSync } from 'node:fs';
import { loadConfig } from '../src/config.js';
import { createDrafter } from '../src/drafting/index.js';
import { createRulesDrafter } from '../src/drafting/rules-drafter.js';
import { loadCorpus, replayRecorded, runCorpus, startCorpusWorld } from '../test/support/corpus.js';
import { scoreTable, siteTable, type CorpusScore } from '../test/support/draft-scoring.js';
import { startFakeOpenAi } from '../test/support/fake-openai.js';
import type { BenchSection } from './section.js';

const docPath = 'docs/drafting.md';
const start = '<!-- drafting-score:start -->';
const end = '<!-- drafting-score:end -->';

function summary(score: CorpusScore): string {
  return `precision ${score.precision.toFixed(3)}, recall ${score.recall.toFixed(3)}, invented ${score.overall.invented}, traps taken ${score.trapsTaken.length}, median ${Math.round(score.medianMs)} ms per site`;
}

/**
 * Drafts every site of the drafting corpus (test/fixtures/corpus) with the rules drafter and with
 * the AI drafter replaying recorded completions, scores both against the truth files, and writes
 * the tables into docs/drafting.md as well as the benchmark page.
 */
export const draftingSection: BenchSection = {
  name: 'drafting',
  async run(log) {
    const corpus = loadCorpus();
    const world = await startCorpusWorld(corpus);
    const ai = await startFakeOpenAi();
    try {
      const rules = await runCorpus(world, corpus, createRulesDrafter());
      log(`rules: ${summary(rules.score)}`);
      const aiDrafter = createDrafter(loadConfig({ AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'replay', AI_MODEL: 'recorded' }));
      const recorded = await runCorpus(world, corpus, aiDrafter, replayRecorded(ai));
      log(`ai (recorded): ${summary(recorded.score)}`);
      const markdown = `Corpus: ${corpus.length} websites on loopback (test/fixtures/corpus), crawled with the default
crawler settings (Chromium for script-built pages) and drafted one after the other.

### Rules drafter

${summary(rules.score)}.

${scoreTable(rules.score)}

${siteTable(rules.score)}

### AI drafter, recorded completions replayed

${summary(recorded.score)}. The completions are fixtures (see "Recorded completions" above): this
measures the prompt, the parsing and the evidence verifier on those answers, not a live model.

${scoreTable(recorded.score)}`;
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
