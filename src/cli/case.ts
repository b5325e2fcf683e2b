import { findUserByEmail, userRole } from '../accounts/users.js';
import { AppError } from '../errors.js';
import { createMailer } from '../mail/index.js';
import { createPaymentProvider } from '../payments/index.js';
import { decideCase, reverseCase } from '../moderation/decisions.js';
import { listCases } from '../moderation/queue.js';
import type { Actor } from '../moderation/audit.js';
import type { CliCommand, CliContext } from './command.js';
import { onSite } from './database.js';
import { actionOptions } from './options.js';
import { withTemporal } from './temporal.js';

const usage = `Usage: npm run cli -- case list [--json]
       npm run cli -- case decide <number> dismiss|restrict|take-down --ground <key or law:name> --facts <text> [--refund] --as <admin email>
       npm run cli -- case reverse <number> --facts <text> --as <admin email>`;

const actions = { dismiss: 'dismiss', restrict: 'restrict', 'take-down': 'take_down' } as const;

/** `case list | decide | reverse`: the moderation queue and its decisions, each recorded in the audit log as the named admin's. */
export const caseCommand: CliCommand = {
  summary: 'case list [--json] | case decide <number> <action> ... [--refund] | case reverse <number> ...',
  async run(args, ctx) {
    if (args[0] === 'list') return list(args.includes('--json'), ctx);
    let parsed;
    try {
      parsed = actionOptions(args, ['ground', 'facts', 'as'], ['refund']);
    } catch {
      console.error(usage);
      return 2;
    }
    const { action, rest, options, flags } = parsed;
    const [number, kind] = rest;
    const decision = actions[kind as keyof typeof actions];
    const valid =
      (action === 'decide' && rest.length === 2 && decision && options.ground && options.facts && options.as) ||
      (action === 'reverse' && rest.length === 1 && options.facts && options.as && !flags.refund);
    if (!valid || !number) {
      console.error(usage);
      return 2;
    }
    return withTemporal(ctx.config, (temporal) =>
      onSite(ctx, async (em, siteId, orm) => {
        const actor = await adminActor(em, options.as!);
        const mailer = createMailer(ctx.config, orm);
        const payments = createPaymentProvider(ctx.config.orders);
        const { freeSlotsPerWeek: free, paidSlotsPerWeek: paid } = ctx.config.launches;
        const deps = {
          em,
          mailer,
          temporal,
          payments,
          launchSlots: { free, paid },
          gateCheckWaitMs: ctx.config.launches.gateCheckWaitMs,
          siteId,
          siteName: ctx.config.site.name,
          publicUrl: ctx.config.publicUrl,
        };
        try {
          const done =
            action === 'decide'
              ? await decideCase(deps, actor, number, {
                  action: decision,
                  ground: options.ground!,
                  facts: options.facts!,
                  automated: false,
                  refund: flags.refund,
                })
              : await reverseCase(deps, actor, number, options.facts!);
          const refunds = done.refunded_orders.length ? ` Refunded: ${done.refunded_orders.join(', ')}.` : '';
          return `${done.number}: ${done.action}, the case is ${done.state}.${refunds}`;
        } finally {
          await mailer.close();
        }
      }),
    );
  },
};

/** The named admin as the audit log records a CLI action; anyone else is refused. */
export async function adminActor(em: Parameters<typeof userRole>[0], email: string): Promise<Actor & { userId: number }> {
  const user = await findUserByEmail(em, email);
  if (!user || (await userRole(em, user.id)) !== 'admin')
    throw new AppError('forbidden', `${email} is not an admin (npm run cli -- user grant-admin <email>).`);
  return { userId: user.id, email: user.email, via: 'cli' };
}

function list(json: boolean, ctx: CliContext): Promise<number> {
  return onSite(ctx, async (em, siteId) => {
    const cases = await listCases(em, siteId);
    if (json) return JSON.stringify(cases, null, 2);
    if (!cases.length) return 'No case waits for a decision.';
    return cases
      .map(
        (c) =>
          `${c.number}  ${c.opened_at}  ${c.kind} ${c.listing_slug ?? ''}${c.kind === 'listing' ? '' : ` #${c.item_id}`}  ${c.category}  ${c.reports.length} report(s)${c.appeal ? '  APPEAL' : ''}`,
      )
      .join('\n');
  });
}
