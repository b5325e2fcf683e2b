import { z } from 'zod';
import { networkHash } from '../../src/community/vote-facts.js';
import {
  caseNumberPattern,
  caseStates,
  decisionActions,
  explanationMaxLength,
  factsMaxLength,
  lawMaxLength,
  reportCategories,
  reportKinds,
} from '../../src/domain/moderation.js';
import { HourlyLimit } from '../../src/platform/hourly-limit.js';
import { reportContent as fileReport } from '../../src/moderation/reports.js';
import type { AppDeps } from '../deps.js';
import type { Actor } from '../../src/moderation/audit.js';
import { decideCase as decide, reverseCase as reverse } from '../../src/moderation/decisions.js';
import { listCases } from '../../src/moderation/queue.js';
import { casesOf } from '../../src/moderation/appeals.js';
import { createPaymentProvider } from '../../src/payments/index.js';
import { emailAddress, nonBlankText, queryBoolean, slug } from './common.js';
import { adminScope, defineOperation, type OperationContext, type Principal } from './registry.js';

/** What every report says, whatever it reports. */
const reportFields = {
  category: z.enum(reportCategories),
  law: nonBlankText(lawMaxLength).optional(),
  explanation: nonBlankText(explanationMaxLength).min(1),
  email: emailAddress().optional(),
  good_faith: z.literal(true),
};

/** A listing is named by its slug, a review or an update by its id: the schema says which, for every client. */
const reportBody = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('listing'), slug, ...reportFields }),
    z.strictObject({
      kind: z.enum(reportKinds.filter((kind) => kind !== 'listing')),
      id: z.number().int().positive().max(2_147_483_647),
      ...reportFields,
    }),
  ])
  .superRefine((body, ctx) => {
    if (body.category === 'illegal' && body.law === undefined)
      ctx.addIssue({ code: 'custom', path: ['law'], message: 'required when category is illegal' });
  })
  // The same rule for every client's schema (OpenAPI and MCP), which a refinement cannot carry.
  .meta({ if: { properties: { category: { const: 'illegal' } }, required: ['category'] }, then: { required: ['law'] } });

const receipt = z.object({
  number: z.string(),
  state: z.enum(caseStates),
  received_at: z.iso.datetime(),
});

// One budget per app (each api process, and each test app, its own counter of the shared table).
const limits = new WeakMap<AppDeps, HourlyLimit>();
const limitOf = (deps: AppDeps): HourlyLimit => {
  let limit = limits.get(deps);
  if (!limit) {
    const knex = deps.orm.em.getConnection().getKnex();
    limit = new HourlyLimit(knex, deps.config.reportsPerHour, deps.config.rateLimit.syncMs, 'reports from one person or network');
    limits.set(deps, limit);
  }
  return limit;
};

export const reportContent = defineOperation({
  id: 'report_content',
  method: 'POST',
  path: '/reports',
  tag: 'Moderation',
  summary: 'Report a listing, review or update that breaks the rules or the law',
  description:
    'Reports a listing (slug), review or update (id) to the site team; 201 with the case number. law: the law concerned, required for illegal; email: for the answer, required without sign-in; good_faith: true. 404 for an unknown or removed item.',
  scope: null,
  idempotencyKey: false,
  successStatus: 201,
  refusals: { 404: 'No visible listing, review or update is the one named' },
  input: { body: reportBody },
  output: receipt,
  reaches: ['mail'],
  async handler({ body }, { deps, em, site, principal, clientIp }) {
    const email = body.email ?? principal?.email;
    const network = networkHash(clientIp, deps.keys.voteNetworkKey);
    await limitOf(deps).consume([
      `report:person:${principal ? `user:${principal.userId}` : `email:${(email ?? '').toLowerCase()}`}`,
      ...(network ? [`report:network:${network}`] : []),
    ]);
    const item = body.kind === 'listing' ? { kind: body.kind, slug: body.slug } : { kind: body.kind, id: body.id };
    return fileReport(
      {
        em,
        mailer: deps.mailer,
        temporal: deps.temporal,
        siteId: site.id,
        siteName: deps.config.site.name,
        publicUrl: deps.config.publicUrl,
      },
      principal ? { userId: principal.userId, email: principal.email } : null,
      { item, category: body.category, law: body.law, explanation: body.explanation, email },
    );
  },
});

export const listMyCases = defineOperation({
  id: 'list_my_cases',
  method: 'GET',
  path: '/me/cases',
  tag: 'Moderation',
  summary: "The site team's cases about the caller's content or reports",
  description:
    "Cases about the caller's listings, reviews and updates (role owner), and cases the caller's reports opened or joined (role reporter), newest first, each with the statement of reasons of the decision in force: action, ground (a key of /rules, or law:<name>), facts, whether automated. listing_id narrows to one listing. An appeal is made at /me/cases on the site.",
  scope: 'account:read',
  idempotencyKey: false,
  successStatus: 200,
  input: { query: z.object({ listing_id: z.coerce.number().int().min(1).max(2_147_483_647).optional() }) },
  output: z.object({
    items: z.array(
      z.object({
        number: z.string(),
        kind: z.enum(reportKinds),
        listing_slug: z.string().nullable(),
        listing_name: z.string().nullable(),
        role: z.enum(['owner', 'reporter']),
        state: z.enum(caseStates),
        action: z.enum([...decisionActions, 'reverse']).nullable(),
        ground: z.string().nullable(),
        facts: z.string().nullable(),
        automated: z.boolean(),
        decided_at: z.iso.datetime().nullable(),
        appealed: z.boolean(),
      }),
    ),
  }),
  handler: async ({ query }, { em, site, principal }) => ({
    items: await casesOf(em, site.id, { userId: principal!.userId, email: principal!.email }, query.listing_id),
  }),
});

const caseNumber = z.string().regex(caseNumberPattern, 'must be a case number, C-<year>-<6 digits>');
const decisionReceipt = z.object({
  number: z.string(),
  action: z.enum([...decisionActions, 'reverse']),
  state: z.enum(caseStates),
  decided_at: z.iso.datetime(),
  refunded_orders: z.array(z.string()),
});

/** The operator as the audit log records them. */
export const actorOf = (principal: Principal): Actor => ({
  userId: principal.userId,
  email: principal.email,
  via: principal.via === 'session' ? 'page' : 'api',
});

const decisionDeps = ({ deps, em, site }: OperationContext) => ({
  em,
  mailer: deps.mailer,
  temporal: deps.temporal,
  payments: createPaymentProvider(deps.config.orders),
  launchSlots: { free: deps.config.launches.freeSlotsPerWeek, paid: deps.config.launches.paidSlotsPerWeek },
  gateCheckWaitMs: deps.config.launches.gateCheckWaitMs,
  siteId: site.id,
  siteName: deps.config.site.name,
  publicUrl: deps.config.publicUrl,
});

export const listCasesOperation = defineOperation({
  id: 'list_cases',
  method: 'GET',
  path: '/admin/cases',
  tag: 'Moderation',
  summary: 'Cases waiting for a decision',
  description:
    "Open cases and appeals, oldest first, each with what a decision rests on: its reports; the content itself (a listing's name, tagline, description and website, a review's rating and text, an update's title and text; null once it is gone); its newest 20 changes (the owner's edits of a listing and the site team's actions, each field before and after); and the other listings of the person the case affects. all=true adds decided and closed ones. Site team only.",
  scope: adminScope,
  idempotencyKey: false,
  successStatus: 200,
  input: { query: z.object({ all: queryBoolean.optional() }) },
  output: z.object({
    items: z.array(
      z.object({
        number: z.string(),
        kind: z.enum(reportKinds),
        item_id: z.int(),
        listing_slug: z.string().nullable(),
        category: z.enum(reportCategories),
        state: z.enum(caseStates),
        opened_at: z.iso.datetime(),
        appeal: z.boolean(),
        reports: z.array(
          z.object({
            category: z.enum(reportCategories),
            law: z.string().nullable(),
            explanation: z.string(),
            at: z.iso.datetime(),
          }),
        ),
        content: z
          .object({
            name: z.string().nullable(),
            tagline: z.string().nullable(),
            description: z.string().nullable(),
            website: z.string().nullable(),
            title: z.string().nullable(),
            text: z.string().nullable(),
            rating: z.int().nullable(),
          })
          .nullable(),
        history: z.array(
          z.object({
            at: z.iso.datetime(),
            by: z.string().nullable().describe("Who: the owner's or the operator's email; null for a deleted account"),
            what: z.string().describe("edit (the owner's) or the operator's action, e.g. case.take_down"),
            changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
          }),
        ),
        owner_listings: z.array(z.object({ slug: z.string(), name: z.string(), status: z.string() })),
      }),
    ),
  }),
  handler: async ({ query }, { em, site }) => ({ items: await listCases(em, site.id, query.all ?? false) }),
});

export const decideCase = defineOperation({
  id: 'decide_case',
  method: 'POST',
  path: '/admin/cases/{number}/decision',
  tag: 'Moderation',
  summary: 'Decide a case: dismiss, restrict or take down',
  description:
    'Decides an open or appealed case with a ground (a key of /rules, or law:<name>) and the facts; the person affected gets the statement of reasons by mail. restrict keeps the page with a notice but out of lists; take_down archives a live listing, rejects an unpublished one, hides a review or update; refund: true (take_down of a listing only) refunds its paid orders. 409 on a decided or closed case. Site team only.',
  scope: adminScope,
  idempotencyKey: false,
  successStatus: 200,
  refusals: { 409: 'The case is decided or closed' },
  input: {
    path: z.object({ number: caseNumber }),
    body: z.strictObject({
      action: z.enum(decisionActions),
      ground: z.string().min(1, 'required: a key of the site rules, or law:<name>').max(240),
      facts: nonBlankText(factsMaxLength).min(1),
      automated: z.boolean().default(false),
      refund: z.boolean().default(false),
    }),
  },
  output: decisionReceipt,
  reaches: ['mail'],
  handler: ({ path, body }, ctx) => decide(decisionDeps(ctx), actorOf(ctx.principal!), path.number, body),
});

export const reverseCaseOperation = defineOperation({
  id: 'reverse_case',
  method: 'POST',
  path: '/admin/cases/{number}/reversal',
  tag: 'Moderation',
  summary: "Reverse a case's last decision",
  description:
    'Restores the item exactly as it was before the last restrict or take_down (status, flags; votes and follows were never removed), records the reversal with the facts and mails the people concerned. 409 when there is nothing to reverse. Site team only.',
  scope: adminScope,
  idempotencyKey: false,
  successStatus: 200,
  refusals: { 409: 'The case has no decision to reverse, or is closed' },
  input: { path: z.object({ number: caseNumber }), body: z.strictObject({ facts: nonBlankText(factsMaxLength).min(1) }) },
  output: decisionReceipt,
  reaches: ['mail'],
  handler: ({ path, body }, ctx) => reverse(decisionDeps(ctx), actorOf(ctx.principal!), path.number, body.facts),
});

export const moderationOperations = [reportContent, listMyCases, listCasesOperation, decideCase, reverseCaseOperation];
