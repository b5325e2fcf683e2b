import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { DraftFields, DraftParts, DraftPartName } from '../domain/draft-content.js';
import type { DraftStatus } from '../domain/draft-build.js';
import type { DraftFieldName } from '../domain/draft-fields.js';
import { Listing } from './listing.js';

/**
 * A listing in the making: the website it was read from, the build's status and progress (written
 * by the build's activities, read by get_draft), the drafted fields with their evidence and the
 * parts the owner edits. Only its owner ever sees it.
 */
export const Draft = defineEntity({
  name: 'Draft',
  tableName: 'draft',
  properties: {
    id: p.uuid().primary(),
    siteId: p.integer(),
    ownerId: p.integer(),
    url: p.string().length(2048),
    status: p.string().$type<DraftStatus>().length(20).default('crawling'),
    failureReason: p.string().length(40).nullable(),
    failureMessage: p.text().nullable(),
    pagesFetched: p.integer().default(0),
    pagesPlanned: p.integer().default(0),
    fieldsFound: p.integer().default(0),
    crawledAt: p.datetime().nullable(),
    draftedAt: p.datetime().nullable(),
    fields: p.json<DraftFields>().default('{}'),
    faqs: p.json<DraftParts['faqs']>().default('[]'),
    companySocials: p.json<DraftParts['company_socials']>().default('{}'),
    founderSocials: p.json<DraftParts['founder_socials']>().default('{}'),
    founders: p.json<DraftParts['founders']>().default('[]'),
    story: p.json<DraftParts['story']>().default('{}'),
    milestones: p.json<DraftParts['milestones']>().default('[]'),
    competitorUrl: p.string().length(2048).nullable(),
    seo: p.json<DraftParts['seo']>().default('{}'),
    /** Parts the owner has set; the build's AI results never overwrite them. */
    ownerParts: p.json<DraftPartName[]>().default('[]'),
    /** Fields the owner asked to redraft, not yet redrafted: a regenerate request redrafts only these. */
    regenerateAsked: p.json<DraftFieldName[]>().default('[]'),
    /** The listing a submit made of it; later submits and edits update that listing. */
    listing: () => p.manyToOne(Listing).ref().nullable().deleteRule('set null'),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});

export type DraftEntity = InferEntity<typeof Draft>;
