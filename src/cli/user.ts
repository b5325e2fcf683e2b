import { z } from 'zod';
import { ensureUser, grantRole } from '../accounts/users.js';
import { createMailer } from '../mail/index.js';
import { blockAccount, unblockAccount } from '../moderation/blocks.js';
import { adminActor } from './case.js';
import type { CliCommand, CliContext } from './command.js';
import { onSite, withDatabase } from './database.js';
import { actionOptions } from './options.js';
import { withTemporal } from './temporal.js';

const email = z.email().max(254);

const blockUsage = `Usage: npm run cli -- user block <email> --reason <text> --as <admin email>
       npm run cli -- user unblock <email> --as <admin email>`;

/**
 * `user create --email a@b.c [--name "..."]`: creates an account (or finds the existing one).
 * `user grant-admin <email>`: gives an account the site team's pages (/admin/...).
 * `user block <email> --reason ... --as <admin email>`, `user unblock <email> --as ...`: account blocks.
 */
export const userCommand: CliCommand = {
  summary:
    'user create --email <email> [--name <name>] | user grant-admin <email> | user block <email> --reason <text> --as <admin> | user unblock <email> --as <admin>',
  async run(args, ctx) {
    if (args[0] === 'grant-admin') return grantAdmin(args.slice(1), ctx);
    if (args[0] === 'block' || args[0] === 'unblock') return blockOrUnblock(args, ctx);
    const { action, options } = actionOptions(args, ['email', 'name']);
    const parsed = email.safeParse(options.email);
    if (action !== 'create' || !parsed.success) {
      console.error('Usage: npm run cli -- user create --email <email> [--name <name>]');
      return 2;
    }
    const user = await withDatabase(ctx, (orm) => ensureUser(orm.em.fork(), parsed.data, options.name));
    console.log(`User ${user.id}: ${user.email}`);
    return 0;
  },
};

async function grantAdmin(args: string[], ctx: CliContext): Promise<number> {
  const parsed = email.safeParse(args[0]);
  if (args.length !== 1 || !parsed.success) {
    console.error('Usage: npm run cli -- user grant-admin <email>');
    return 2;
  }
  const granted = await withDatabase(ctx, (orm) => grantRole(orm.em.fork(), parsed.data, 'admin'));
  if (!granted) {
    console.error(
      `No account has the email ${parsed.data}; it is created at the first sign-in or by: user create --email ${parsed.data}`,
    );
    return 1;
  }
  console.log(`${parsed.data} is an admin: the site team's pages (/admin/revisions) are open to them.`);
  return 0;
}

function blockOrUnblock(args: string[], ctx: CliContext): Promise<number> {
  let parsed;
  try {
    parsed = actionOptions(args, ['reason', 'as']);
  } catch {
    console.error(blockUsage);
    return Promise.resolve(2);
  }
  const { action, rest, options } = parsed;
  const address = email.safeParse(rest[0]);
  const reason = options.reason?.trim();
  const valid = rest.length === 1 && address.success && options.as && (action === 'unblock' ? !reason : reason);
  if (!valid) {
    console.error(blockUsage);
    return Promise.resolve(2);
  }
  return withTemporal(ctx.config, (temporal) =>
    onSite(ctx, async (em, siteId, orm) => {
      const actor = await adminActor(em, options.as!);
      const mailer = createMailer(ctx.config, orm);
      try {
        const done =
          action === 'block'
            ? await blockAccount(
                { em, mailer, temporal, siteId, siteName: ctx.config.site.name, publicUrl: ctx.config.publicUrl },
                actor,
                address.data,
                reason!,
              )
            : await unblockAccount(em, actor, address.data);
        const cases = done.cases.length ? ` Cases: ${done.cases.join(', ')}.` : '';
        return `${done.email} is ${done.blocked ? 'blocked' : 'unblocked'}: ${done.hidden_reviews} review(s) ${done.blocked ? 'hidden' : 'shown again'}, ${done.discounted_votes} vote(s) ${done.blocked ? 'discounted' : 'counted again'}.${cases}`;
      } finally {
        await mailer.close();
      }
    }),
  );
}
