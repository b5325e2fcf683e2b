import { z } from 'zod';
import { createApiKey } from '../accounts/api-keys.js';
import { findUserByEmail } from '../accounts/users.js';
import type { CliCommand } from './command.js';
import { withDatabase } from './database.js';
import { actionOptions } from './options.js';

const input = z.object({ email: z.email().max(254), name: z.string().trim().min(1).max(100) });

/** `apikey create --email a@b.c --name ci`: prints a new API key once; only its hash is kept. */
export const apiKeyCommand: CliCommand = {
  summary: 'apikey create --email <email> --name <name>: create an API key (printed once)',
  async run(args, ctx) {
    const { action, options } = actionOptions(args, ['email', 'name']);
    const parsed = input.safeParse(options);
    if (action !== 'create' || !parsed.success) {
      console.error('Usage: npm run cli -- apikey create --email <email> --name <name>');
      return 2;
    }
    const key = await withDatabase(ctx, async (orm) => {
      const em = orm.em.fork();
      const user = await findUserByEmail(em, parsed.data.email);
      return user && (await createApiKey(em, user.id, parsed.data.name)).key;
    });
    if (!key) {
      console.error(`No account for ${parsed.data.email}: create it with "user create --email ${parsed.data.email}".`);
      return 1;
    }
    console.log(key);
    return 0;
  },
};
