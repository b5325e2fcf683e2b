import { z } from 'zod';
import { ensureUser } from '../accounts/users.js';
import type { CliCommand } from './command.js';
import { withDatabase } from './database.js';
import { actionOptions } from './options.js';

const email = z.email().max(254);

/** `user create --email a@b.c [--name "..."]`: creates an account (or finds the existing one). */
export const userCommand: CliCommand = {
  summary: 'user create --email <email> [--name <name>]: create an account',
  async run(args, ctx) {
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
