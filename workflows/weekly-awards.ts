import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { weekToAward, type AwardedWeek } from '../src/domain/awards.js';
import { scheduledStartTimeAttribute } from '../src/domain/search-attributes.js';

const { awardWeek } = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '30 seconds', backoffCoefficient: 2, maximumInterval: '30 minutes' },
});

/**
 * Run by the `weekly-awards` schedule every Monday 00:05 UTC: the awards of the week that ended
 * before the run was due. A run caught up after an outage still awards the week of its own slot.
 */
export async function weeklyAwards(): Promise<AwardedWeek> {
  const scheduledAt = workflowInfo().typedSearchAttributes.get(scheduledStartTimeAttribute) ?? new Date(Date.now());
  return awardWeek({ week: weekToAward(scheduledAt) });
}
