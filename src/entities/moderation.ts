import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { CaseState, RecordedAction, ReportCategory, ReportKind } from '../domain/moderation.js';

/** One item's nth case: its reports, decisions and appeals; the moderationCase lifecycle follows it. */
export const ModerationCase = defineEntity({
  name: 'ModerationCase',
  tableName: 'moderation_case',
  properties: {
    id: p.integer().primary(),
    number: p.string().length(20),
    siteId: p.integer(),
    kind: p.string().$type<ReportKind>().length(10),
    itemId: p.integer(),
    itemCase: p.integer(),
    listingId: p.integer().nullable(),
    ownerId: p.integer().nullable(),
    category: p.string().$type<ReportCategory>().length(40),
    state: p.string().$type<CaseState>().length(10).default('open'),
    openedAt: p.datetime().defaultRaw('now()'),
    decidedAt: p.datetime().nullable(),
    closedAt: p.datetime().nullable(),
    /** Two decisions on one case cannot both win (OptimisticLockError). */
    version: p.integer().version(),
  },
});

export type ModerationCaseEntity = InferEntity<typeof ModerationCase>;

/** A notice (Art. 16 DSA): who reported what about the case's item, and why. */
export const ModerationReport = defineEntity({
  name: 'ModerationReport',
  tableName: 'moderation_report',
  properties: {
    id: p.integer().primary(),
    caseId: p.integer(),
    category: p.string().$type<ReportCategory>().length(40),
    law: p.string().length(300).nullable(),
    explanation: p.string().length(2000),
    email: p.string().length(254).nullable(),
    userId: p.integer().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});

export type ModerationReportEntity = InferEntity<typeof ModerationReport>;

/** What the item was before a decision, so that a reversal restores exactly that. */
export interface ItemBefore {
  status?: string;
  restricted?: boolean;
  hidden?: boolean;
  launchWeek?: string | null;
}

/** A decision with its statement of reasons (Art. 17 DSA): the ground, the facts, automated or not. */
export const ModerationDecision = defineEntity({
  name: 'ModerationDecision',
  tableName: 'moderation_decision',
  properties: {
    id: p.integer().primary(),
    caseId: p.integer(),
    action: p.string().$type<RecordedAction>().length(10),
    ground: p.string().length(240),
    facts: p.string().length(4000),
    automated: p.boolean().default(false),
    refund: p.boolean().default(false),
    operatorId: p.integer().nullable(),
    before: p.json<ItemBefore>().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});

export type ModerationDecisionEntity = InferEntity<typeof ModerationDecision>;

/** A complaint against a decision (Art. 20 DSA): one per decision. */
export const ModerationAppeal = defineEntity({
  name: 'ModerationAppeal',
  tableName: 'moderation_appeal',
  properties: {
    id: p.integer().primary(),
    decisionId: p.integer(),
    userId: p.integer().nullable(),
    role: p.string().$type<'owner' | 'reporter'>().length(10),
    explanation: p.string().length(2000),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});

export type ModerationAppealEntity = InferEntity<typeof ModerationAppeal>;
