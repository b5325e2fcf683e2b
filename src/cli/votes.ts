import { z } from 'zod';
import { voidVotes } from '../community/votes.js';
import { parseReason, voidReasonMaxLength } from '../domain/community.js';
import type { CliCommand } from './command.js';
import { withDatabase } from './database.js';
import { actionOptions } from './options.js';

const email = z.email().max(254);
const usage = 'Usage: npm run cli -- votes void <email> --reason "<why, 1 to 500 characters>"';

/**
 * `votes void <email> --reason "..."`: removes every vote of one person (e.g. a vote ring) and
 * records why; vote counts, the weekly boards and awards written later follow at once.
 */
export const votesCommand: CliCommand = {
  summary: 'votes void <email> --reason <why>',
  async run(args, ctx) {
    const { action, rest, options } = actionOptions(args, ['reason']);
    const who = email.safeParse(rest[0]);
    const reason = parseReason(options.reason, voidReasonMaxLength);
    if (action !== 'void' || rest.length !== 1 || !who.success || !reason) {
      console.error(usage);
      return 2;
    }
    const result = await withDatabase(ctx, (orm) => voidVotes(orm.em.fork(), who.data, reason));
    if (!result) {
      console.error(`No account has the email ${who.data}.`);
      return 1;
    }
    console.log(`Voided ${result.listings} vote(s) of ${result.email}: ${reason}`);
    return 0;
  },
};
