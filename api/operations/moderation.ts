import { z } from 'zod';
import { networkHash } from '../../src/community/votes.js';
import { caseStates, explanationMaxLength, lawMaxLength, reportCategories, reportKinds } from '../../src/domain/moderation.js';
import { ReportLimit } from '../../src/moderation/report-limit.js';
import { reportContent as fileReport } from '../../src/moderation/reports.js';
import type { AppDeps } from '../deps.js';
import { nonBlankText, slug } from './common.js';
import { defineOperation } from './registry.js';

const reportBody = z
  .strictObject({
    kind: z.enum(reportKinds),
    slug: slug.optional(),
    id: z.number().int().positive().max(2_147_483_647).optional(),
    category: z.enum(reportCategories),
    law: nonBlankText(lawMaxLength).optional(),
    explanation: nonBlankText(explanationMaxLength).min(1),
    email: z.email().max(254).optional(),
    good_faith: z.literal(true),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'listing' && body.slug === undefined)
      ctx.addIssue({ code: 'custom', path: ['slug'], message: 'required when kind is listing' });
    if (body.kind !== 'listing' && body.id === undefined)
      ctx.addIssue({ code: 'custom', path: ['id'], message: `required when kind is ${body.kind}` });
    if (body.category === 'illegal' && body.law === undefined)
      ctx.addIssue({ code: 'custom', path: ['law'], message: 'required when category is illegal' });
  });

const receipt = z.object({
  number: z.string(),
  state: z.enum(caseStates),
  received_at: z.iso.datetime(),
});

// One budget per app (each api process, and each test app, its own counter of the shared table).
const limits = new WeakMap<AppDeps, ReportLimit>();
const limitOf = (deps: AppDeps): ReportLimit => {
  let limit = limits.get(deps);
  if (!limit) {
    limit = new ReportLimit(deps.orm.em.getConnection().getKnex(), deps.config.reportsPerHour, deps.config.rateLimit.syncMs);
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
    await limitOf(deps).consume(
      principal ? `user:${principal.userId}` : `email:${(email ?? '').toLowerCase()}`,
      networkHash(clientIp, deps.keys.voteNetworkKey),
    );
    const item = body.kind === 'listing' ? { kind: body.kind, slug: body.slug! } : { kind: body.kind, id: body.id! };
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

export const moderationOperations = [reportContent];
