import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { voteReview } from '../../workflows/vote-review.js';
import { voteReviewStatusAttribute, voteWeekAttribute } from '../domain/search-attributes.js';
import { workflowIds } from '../domain/workflow-ids.js';
import { startOptions } from '../platform/lifecycles.js';
import { countWorkflowStart } from '../platform/metrics.js';
import type { TemporalHandle } from '../temporal.js';

/**
 * Starts the vote review of a launch week (`vote-review-<week>`), or finds it running; a review
 * that ended well is not run again, one that failed or was stopped is.
 */
export async function startVoteReview(temporal: TemporalHandle, week: string): Promise<void> {
  countWorkflowStart('voteReview');
  try {
    await temporal.client.workflow.start<typeof voteReview>('voteReview', {
      ...startOptions<'voteReview'>(temporal, {
        workflowId: workflowIds.voteReview(week),
        args: [{ week }],
        searchAttributes: [
          { key: voteWeekAttribute, value: week },
          { key: voteReviewStatusAttribute, value: 'reviewing' },
        ],
        summary: `Vote review of the week of ${week}`,
      }),
      workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}
