import type { CrawledPage } from '../crawl/types.js';
import type { DraftFieldName } from '../domain/draft-fields.js';
import { verifyDraft, type DraftProposal, type DraftedProfile } from '../domain/evidence.js';

/** Proposes profile values with evidence from crawled pages. Proposals are never trusted as they are. */
export interface Drafter {
  readonly kind: 'openai' | 'rules';
  propose(input: DraftInput): Promise<DraftProposal>;
}

export interface DraftInput {
  pages: CrawledPage[];
  /** Category names from the catalogue (list_categories); the only names categories may take. */
  categories: string[];
  /** Only these fields (a redraft); default every field. */
  fields?: DraftFieldName[];
}

/** The one way to draft: a drafter's proposal, passed through the evidence verifier. */
export async function draftProfile(drafter: Drafter, input: DraftInput): Promise<DraftedProfile> {
  const proposal = await drafter.propose(input);
  return verifyDraft({ proposal, pages: input.pages, categories: input.categories, fields: input.fields });
}

/** The drafting endpoint failed or answered something unusable; the build may retry. */
export class DraftingError extends Error {
  constructor(
    readonly reason: 'ai_unavailable' | 'ai_bad_output',
    message: string,
  ) {
    super(message);
    this.name = 'DraftingError';
  }
}
