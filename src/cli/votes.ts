import { z } from 'zod';
import { reviewVotes, type VoteReviewPass } from '../community/vote-review.js';
import { voidVotes } from '../community/votes.js';
import { parseReason, voidReasonMaxLength } from '../domain/community.js';
import type { CliCommand } from './command.js';
import { onSite, withDatabase } from './database.js';
import { actionOptions } from './options.js';

const email = z.email().max(254);
const usage = [
  'Usage: npm run cli -- votes review --week YYYY-MM-DD',
  '       npm run cli -- votes void <email> --reason "<why, 1 to 500 characters>"',
].join('\n');

/** The clusters of a pass as lines for the operator: reason, size, listings; never who. */
function describePass(pass: VoteReviewPass): string {
  const head = `Vote review of the week of ${pass.week} (${pass.final ? 'final' : 'week still running'}): ${pass.votes} vote(s), ${pass.changed} verdict(s) changed, ${pass.clusters.length} cluster(s).`;
  const lines = pass.clusters.map(
    (c) => `  ${c.reason}: ${c.size} account(s) on ${c.listings.join(', ')}${c.hour ? ` in the hour from ${c.hour}` : ''}`,
  );
  return [head, ...lines].join('\n');
}

/**
 * `votes review --week <monday>`: runs a review pass of a launch week now (the final one once the
 * week has ended), keeps it with its clusters, and lists them. `votes void <email> --reason "..."`:
 * discounts every vote of one person for a case the rules miss, and records why.
 */
export const votesCommand: CliCommand = {
  summary: 'votes review --week YYYY-MM-DD | votes void <email> --reason <why>',
  async run(args, ctx) {
    const { action, rest, options } = actionOptions(args, ['reason', 'week']);
    if (action === 'review' && rest.length === 0 && options.week && !options.reason) {
      const week = options.week;
      return onSite(ctx, async (em) => describePass(await reviewVotes(em, week, ctx.config.votes)));
    }
    const who = email.safeParse(rest[0]);
    const reason = parseReason(options.reason, voidReasonMaxLength);
    if (action !== 'void' || rest.length !== 1 || !who.success || !reason || options.week) {
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
