import { z } from 'zod';
import { statsMaxDays, statsRangeProblem } from '../../src/domain/analytics.js';
import { parseIsoDate } from '../../src/domain/weeks.js';

const calendarDate = z.iso
  .date({ error: 'must be a date YYYY-MM-DD', abort: true })
  .refine((text) => parseIsoDate(text) !== null, 'must be a date YYYY-MM-DD');

/** The query of get_listing_stats: whole UTC days, default the last 30, at most 400. */
export const listingStatsQuery = z
  .object({
    from: calendarDate.optional().describe('First day, YYYY-MM-DD (UTC), inclusive. Default: 29 days before to.'),
    to: calendarDate.optional().describe('Last day, YYYY-MM-DD (UTC), inclusive. Default: today.'),
  })
  .superRefine((query, ctx) => {
    const problem = statsRangeProblem(query.from, query.to, new Date());
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  })
  .describe(`A range of at most ${statsMaxDays} days.`);
