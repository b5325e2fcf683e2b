import { z } from 'zod';
import { listAudit as readAudit } from '../../src/moderation/audit.js';
import { adminScope, defineOperation } from './registry.js';

export const listAudit = defineOperation({
  id: 'list_audit',
  method: 'GET',
  path: '/admin/audit',
  tag: 'Moderation',
  summary: "The site team's audit log, newest first",
  description:
    'Every operator action (decisions, reversals, refunds, blocks), from pages, the CLI or the API: who, when, through what, which item, the ground, before and after. Append-only. Site team only.',
  scope: adminScope,
  idempotencyKey: false,
  successStatus: 200,
  input: { query: z.object({ limit: z.coerce.number().int().min(1).max(500).default(200) }) },
  output: z.object({
    items: z.array(
      z.object({
        id: z.int(),
        at: z.iso.datetime(),
        actor_email: z.string(),
        via: z.string(),
        action: z.string(),
        item_kind: z.string(),
        item_id: z.string(),
        ground: z.string().nullable(),
        before: z.unknown(),
        after: z.unknown(),
      }),
    ),
  }),
  handler: async ({ query }, { em }) => ({ items: await readAudit(em, query.limit) }),
});

export const auditOperations = [listAudit];
