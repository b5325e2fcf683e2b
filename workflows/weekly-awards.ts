import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { weekToAward, type AwardedWeek } from '../src/domain/awards.js';
import { scheduledStartTimeAttribute } from '../src/domain/search-attributes.js';
import { addWeeks, isoDate, parseIsoDate } from '../src/domain/weeks.js';

const { awardWeek, startVoteReviews } = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '30 seconds', backoffCoefficient: 2, maximumInterval: '30 minutes' },
});

// Asked again soon: the final pass usually runs minutes before this schedule.
const { awaitFinalVoteReview } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes' },
});

/**
 * Run by the `weekly-awards` schedule every Monday 00:05 UTC: the awards of the week that ended
 * before the run was due, once that week's final vote review has judged its votes. A run caught up
 * after an outage still awards the week of its own slot. It also starts the new week's review.
 */
export async function weeklyAwards(): Promise<AwardedWeek> {
  const scheduledAt = workflowInfo().typedSearchAttributes.get(scheduledStartTimeAttribute) ?? new Date(Date.now());
  const week = weekToAward(scheduledAt);
  await startVoteReviews({ weeks: [week, isoDate(addWeeks(parseIsoDate(week)!, 1))] });
  await awaitFinalVoteReview({ week });
  return awardWeek({ week });
}
