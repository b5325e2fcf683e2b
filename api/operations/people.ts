import { z } from 'zod';
import { blockAccount as block, blockedPeople, unblockAccount as unblock } from '../../src/moderation/blocks.js';
import { emailAddress, nonBlankText } from './common.js';
import { actorOf } from './moderation.js';
import { adminScope, defineOperation } from './registry.js';

const blockReceipt = z.object({
  email: z.string(),
  blocked: z.boolean(),
  hidden_reviews: z.int(),
  discounted_votes: z.int(),
  cases: z.array(z.string()),
});

export const listBlockedPeople = defineOperation({
  id: 'list_blocked_people',
  method: 'GET',
  path: '/admin/people',
  tag: 'Moderation',
  summary: 'Accounts blocked now',
  description: 'Accounts the site team blocked and has not unblocked, newest block first, with the reason. Site team only.',
  scope: adminScope,
  idempotencyKey: false,
  successStatus: 200,
  input: {},
  output: z.object({
    items: z.array(
      z.object({
        email: z.string(),
        name: z.string().nullable(),
        reason: z.string(),
        blocked_at: z.iso.datetime(),
        blocked_by: z.string().nullable(),
      }),
    ),
  }),
  handler: async (_input, { em }) => ({ items: await blockedPeople(em) }),
});

export const blockAccount = defineOperation({
  id: 'block_account',
  method: 'POST',
  path: '/admin/people/block',
  tag: 'Moderation',
  summary: 'Block an account',
  description:
    "Blocks the account with this email: its API keys and OAuth tokens answer 401 at their next request, its web sessions see the blocked page, its counted votes are discounted 'blocked', its reviews hidden, and each of its public listings gets a case. The person is mailed the reason. 409 when blocked already. Site team only.",
  scope: adminScope,
  idempotencyKey: false,
  successStatus: 200,
  refusals: { 404: 'No account has this email', 409: 'The account is blocked already' },
  input: { body: z.strictObject({ email: emailAddress(), reason: nonBlankText(2000).min(1) }) },
  output: blockReceipt,
  reaches: ['mail'],
  handler: ({ body }, { deps, em, site, principal }) =>
    block(
      {
        em,
        mailer: deps.mailer,
        temporal: deps.temporal,
        siteId: site.id,
        siteName: deps.config.site.name,
        publicUrl: deps.config.publicUrl,
      },
      { ...actorOf(principal!), userId: principal!.userId },
      body.email,
      body.reason,
    ),
});

export const unblockAccount = defineOperation({
  id: 'unblock_account',
  method: 'POST',
  path: '/admin/people/unblock',
  tag: 'Moderation',
  summary: 'Lift the block of an account',
  description:
    'Reverses the block of the account with this email: its credentials work again, and the votes and reviews the block discounted or hid count and show again. 409 when it is not blocked. Site team only.',
  scope: adminScope,
  idempotencyKey: false,
  successStatus: 200,
  refusals: { 404: 'No account has this email', 409: 'The account is not blocked' },
  input: { body: z.strictObject({ email: emailAddress() }) },
  output: blockReceipt,
  handler: ({ body }, { em, principal }) => unblock(em, actorOf(principal!), body.email),
});

export const peopleOperations = [listBlockedPeople, blockAccount, unblockAccount];
