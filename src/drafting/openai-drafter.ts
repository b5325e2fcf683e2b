import OpenAI from 'openai';
import type { AiConfig } from '../config.js';
import { draftFieldNames, isListField, type ScalarDraftField } from '../domain/draft-fields.js';
import { evidenceLinesOf } from '../domain/evidence-text.js';
import type { DraftProposal, ProposedValue } from '../domain/evidence.js';
import { DraftingError, type Drafter, type DraftInput } from './drafter.js';
import { draftInstructions, draftSchema, type DraftAnswer } from './openai-schema.js';

/** Characters of page text sent to the model, shared by all pages. */
const promptBudget = 60_000;

/** Drafts with any OpenAI-compatible endpoint through structured output (a JSON schema). */
export function createOpenAiDrafter(config: AiConfig): Drafter {
  const client = new OpenAI({ baseURL: config.baseUrl ?? null, apiKey: config.apiKey, timeout: config.timeoutMs, maxRetries: 1 });
  return {
    kind: 'openai',
    async propose(input) {
      const fields = input.fields ?? [...draftFieldNames];
      let content: string | null | undefined;
      try {
        const completion = await client.chat.completions.create({
          model: config.model,
          temperature: 0,
          messages: [
            { role: 'system', content: draftInstructions },
            { role: 'user', content: promptOf(input) },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name: 'draft_profile', strict: true, schema: draftSchema(fields) },
          },
        });
        content = completion.choices[0]?.message?.content;
      } catch (error) {
        throw new DraftingError('ai_unavailable', `the drafting endpoint failed: ${(error as Error).message}`);
      }
      return proposalOf(parseAnswer(content));
    },
  };
}

function promptOf({ pages, categories }: DraftInput): string {
  const perPage = Math.floor(promptBudget / Math.max(1, pages.length));
  const shown = pages.map((page) => `=== PAGE ${page.url} ===\n${evidenceLinesOf(page).join('\n').slice(0, perPage)}`);
  return `Category list: ${JSON.stringify(categories)}\n\n${shown.join('\n\n')}`;
}

function parseAnswer(content: string | null | undefined): DraftAnswer {
  if (!content) throw new DraftingError('ai_bad_output', 'the drafting endpoint returned no content');
  try {
    const answer = JSON.parse(content) as DraftAnswer;
    if (!answer || typeof answer.fields !== 'object') throw new Error('no fields object');
    return answer;
  } catch (error) {
    throw new DraftingError('ai_bad_output', `the drafting endpoint returned unusable JSON: ${(error as Error).message}`);
  }
}

/** The model's answer as a proposal; anything malformed is skipped here, and everything is verified after. */
function proposalOf(answer: DraftAnswer): DraftProposal {
  const scalars: DraftProposal['scalars'] = {};
  const lists: DraftProposal['lists'] = {};
  for (const [name, raw] of Object.entries(answer.fields)) {
    if (!(draftFieldNames as readonly string[]).includes(name)) continue;
    if (isListField(name)) {
      if (Array.isArray(raw)) lists[name] = raw.filter(isProposed);
    } else if (!Array.isArray(raw) && isProposed(raw)) {
      scalars[name as ScalarDraftField] = raw;
    }
  }
  return {
    scalars,
    lists,
    faqs: Array.isArray(answer.faqs) ? answer.faqs : [],
    founders: Array.isArray(answer.founders)
      ? answer.founders.map((f) => ({ name: f.name, title: f.title ?? undefined, bio: f.bio ?? undefined, url: f.url }))
      : [],
    socials: Array.isArray(answer.socials)
      ? answer.socials.map((s) => ({ platform: s.platform, url: s.url, pageUrl: s.page_url }))
      : [],
  };
}

function isProposed(raw: unknown): raw is ProposedValue {
  const value = raw as ProposedValue | null;
  return typeof value?.value === 'string' && Array.isArray(value.evidence);
}
