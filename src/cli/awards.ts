import { createMailer } from '../mail/index.js';
import { awardWeek } from '../publishing/awards.js';
import type { CliCommand } from './command.js';
import { onSite } from './database.js';
import { actionOptions } from './options.js';

const usage = 'Usage: npm run cli -- awards compute --week YYYY-MM-DD';

/** `awards compute --week <monday>`: the weekly-awards step for a week that has ended (written once, winners mailed once). */
export const awardsCommand: CliCommand = {
  summary: 'awards compute --week YYYY-MM-DD: Launch of the Week #1-#3 of a past week, as the weekly schedule writes them',
  async run(args, ctx) {
    const { action, rest, options } = actionOptions(args, ['week']);
    if (action !== 'compute' || rest.length || !options.week) {
      console.error(usage);
      return 2;
    }
    const week = options.week;
    return onSite(ctx, async (em, _siteId, orm) => {
      const result = await awardWeek(em, createMailer(ctx.config, orm), ctx.config.publicUrl, week);
      return result.written
        ? `Awards of the week of ${week} written (${result.written}); ${result.mailed} winner(s) mailed.`
        : `The week of ${week} has its awards already (or no launch with votes); ${result.mailed} winner(s) mailed now.`;
    });
  },
};
