import type { DraftEntity } from '../entities/draft.js';
import { allFields } from '../domain/draft-content.js';
import { completenessOf } from '../domain/draft-completeness.js';
import type { DraftDetail, DraftSummary } from './schemas.js';

/** The JSON of a draft for its owner (get_draft, update_draft) and of a draft in a list. */
export function draftView(draft: DraftEntity): DraftDetail {
  const fields = Object.fromEntries(
    Object.entries(allFields(draft.fields)).map(([name, field]) => [
      name,
      { value: field.value, state: field.state, evidence: field.evidence, ai_original: field.ai_original?.value ?? null },
    ]),
  );
  return {
    ...draftSummary(draft),
    fields,
    faqs: draft.faqs,
    company_socials: draft.companySocials,
    founder_socials: draft.founderSocials,
    founders: draft.founders,
    story: draft.story,
    milestones: draft.milestones,
    competitor_url: draft.competitorUrl ?? null,
    seo: draft.seo,
  };
}

export function draftSummary(draft: DraftEntity): DraftSummary {
  return {
    id: draft.id,
    url: draft.url,
    name: (draft.fields.name?.value as string | null | undefined) ?? null,
    status: draft.status,
    failure: draft.status === 'failed' ? { reason: draft.failureReason ?? null, message: draft.failureMessage ?? null } : null,
    progress: { pages_fetched: draft.pagesFetched, pages_planned: draft.pagesPlanned, fields_found: draft.fieldsFound },
    ...completenessOf(draft.fields, { faqs: draft.faqs, founders: draft.founders, company_socials: draft.companySocials }),
    listing_id: draft.listing?.id ?? null,
    created_at: draft.createdAt.toISOString(),
    updated_at: draft.updatedAt.toISOString(),
  };
}
