import type { Config } from '../config.js';
import type { Drafter } from './drafter.js';
import { createOpenAiDrafter } from './openai-drafter.js';
import { createRulesDrafter } from './rules-drafter.js';

export { draftProfile, DraftingError, type Drafter, type DraftInput } from './drafter.js';

/** The AI drafter when an endpoint is configured, the rules drafter otherwise. */
export function createDrafter(config: Pick<Config, 'ai'>): Drafter {
  return config.ai ? createOpenAiDrafter(config.ai) : createRulesDrafter();
}
