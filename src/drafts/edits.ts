import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import type { TemporalHandle } from '../temporal.js';
import type { DraftEntity } from '../entities/draft.js';
import { AppError } from '../errors.js';
import { applyDraftEdit, type DraftEdit } from '../domain/draft-edit.js';
import { categoryNamed } from '../domain/evidence.js';
import { categoryNames } from './build.js';
import { editOwnedDraft, findOwnedDraft } from './drafts.js';
import { regenerateDraftFields } from './lifecycle.js';
import { syncDraftListing } from './submit.js';

export interface DraftEditDeps {
  config: Config;
  temporal: TemporalHandle;
}

/**
 * update_draft: applies the edit under the draft's row lock, then redrafts the regenerate fields
 * through the build workflow, then carries the result to the listing when the draft was submitted.
 */
export async function updateDraft(
  deps: DraftEditDeps,
  em: EntityManager,
  caller: { ownerId: number; siteId: number },
  id: string,
  edit: DraftEdit,
): Promise<DraftEntity> {
  const { ownerId } = caller;
  const categories = edit.fields?.categories;
  const checked: DraftEdit = categories
    ? {
        ...edit,
        fields: { ...edit.fields, categories: await catalogueSpelling(em, caller.siteId, categories as string[] | null) },
      }
    : edit;
  let regenerate: string[] = [];
  let draft = await editOwnedDraft(em, ownerId, id, (d) => {
    if ((edit.regenerate?.length || edit.restore?.length) && d.status !== 'ready') {
      throw new AppError(
        'draft_not_ready',
        `The draft is ${d.status}: regenerate and restore need the AI's draft, which is there once the draft is ready.`,
      );
    }
    const next = applyDraftEdit(
      {
        fields: d.fields,
        parts: {
          faqs: d.faqs,
          company_socials: d.companySocials,
          founder_socials: d.founderSocials,
          founders: d.founders,
          story: d.story,
          milestones: d.milestones,
          competitor_url: d.competitorUrl ?? null,
          seo: d.seo,
        },
        ownerParts: d.ownerParts,
      },
      checked,
    );
    d.fields = next.fields;
    d.faqs = next.parts.faqs;
    d.companySocials = next.parts.company_socials;
    d.founderSocials = next.parts.founder_socials;
    d.founders = next.parts.founders;
    d.story = next.parts.story;
    d.milestones = next.parts.milestones;
    d.competitorUrl = next.parts.competitor_url;
    d.seo = next.parts.seo;
    d.ownerParts = next.ownerParts;
    regenerate = next.regenerate;
    d.regenerateAsked = [...new Set([...d.regenerateAsked, ...next.regenerate])];
  });
  if (regenerate.length > 0) {
    await regenerateDraftFields(deps.temporal, deps.config, { draftId: id, ownerId }, regenerate);
    draft = await findOwnedDraft(em, ownerId, id);
  }
  if (draft.listing) await syncDraftListing(em, draft);
  return draft;
}

/** Category names as the catalogue spells them; a name the catalogue does not have is refused. */
async function catalogueSpelling(em: EntityManager, siteId: number, names: string[] | null): Promise<string[] | null> {
  if (names === null) return null;
  const known = await categoryNames(em, siteId);
  const errors: { path: string; message: string }[] = [];
  const spelled = names.map((name, i) => {
    const match = categoryNamed(name, known);
    if (!match)
      errors.push({
        path: `body.fields.categories.${i}`,
        message: `"${name}" is not a category; use names from list_categories`,
      });
    return match ?? name;
  });
  if (errors.length) throw new AppError('invalid_input', 'Invalid request body.', errors);
  return [...new Set(spelled)];
}
