import { z } from 'zod';
import { ensureUser, grantRole } from '../accounts/users.js';
import type { CliCommand, CliContext } from './command.js';
import { withDatabase } from './database.js';
import { actionOptions } from './options.js';

const email = z.email().max(254);

/**
 * `user create --email a@b.c [--name "..."]`: creates an account (or finds the existing one).
 * `user grant-admin <email>`: gives an account the site team's pages (/admin/...).
 */
export const userCommand: CliCommand = {
  summary: 'user create --email <email> [--name <name>] | user grant-admin <email>',
  async run(args, ctx) {
    if (args[0] === 'grant-admin') return grantAdmin(args.slice(1), ctx);
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
