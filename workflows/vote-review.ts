import {
  continueAsNew,
  proxyActivities,
  setCurrentDetails,
  sleep,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { voteReviewStatusAttribute, voteWeekAttribute } from '../src/domain/search-attributes.js';
import { weekEndMs, weekStartMs } from '../src/domain/launch-plan.js';

const hourMs = 3_600_000;

const { reviewVotes } = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '30 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes' },
});

export interface VoteReviewInput {
  /** The launch week's Monday, YYYY-MM-DD. */
  week: string;
}

export interface VoteReviewResult {
  week: string;
  passes: number;
  clusters: number;
}

function show(week: string, status: 'reviewing' | 'final', details: string): void {
  upsertSearchAttributes([
    { key: voteWeekAttribute, value: week },
    { key: voteReviewStatusAttribute, value: status },
  ]);
  setCurrentDetails(details);
}

/**
 * vote-review-<week>: judges the launch week's votes by the pattern rules every hour while the week
 * runs, then once more after its end (the final pass the weekly awards wait for). Whether a pass
 * is final is the activity's decision on its own clock, so the loop ends only when one says so.
 */
export async function voteReview(input: VoteReviewInput): Promise<VoteReviewResult> {
  const end = weekEndMs(input.week);
  show(input.week, 'reviewing', `Reviewing the votes of the week of ${input.week} every hour until it ends.`);
  if (Date.now() < weekStartMs(input.week)) await sleep(weekStartMs(input.week) - Date.now());
  let passes = 0;
  for (;;) {
    const pass = await reviewVotes({ week: input.week });
    passes++;
    if (pass.final) {
      show(input.week, 'final', `Final pass done: ${pass.clusters.length} cluster(s) found.`);
      return { week: input.week, passes, clusters: pass.clusters.length };
    }
    // Hourly, and on the week's end exactly for the final pass; a minute at least if the clocks disagree.
    await sleep(Math.max(60_000, Math.min(hourMs, end - Date.now())));
    if (workflowInfo().continueAsNewSuggested) break;
  }
  // A long week's history is carried on by a fresh run under the same id.
  return continueAsNew<typeof voteReview>(input);
}
