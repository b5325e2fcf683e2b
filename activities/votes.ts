import { ApplicationFailure } from '@temporalio/activity';
import { reviewVotes, voteReviewIsFinal, type VoteReviewPass } from '../src/community/vote-review.js';
import { AppError } from '../src/errors.js';
import { startVoteReview } from '../src/community/lifecycle.js';
import { heartbeating } from './heartbeat.js';
import type { ActivityDeps } from './index.js';

/** The voteReview steps and what the weekly awards ask of it; each is safe to repeat. */
export function voteActivities(deps: ActivityDeps) {
  const em = () => deps.orm.em.fork();
  return {
    async reviewVotes(input: { week: string }): Promise<VoteReviewPass> {
      try {
        return await heartbeating(() => reviewVotes(em(), input.week, deps.config.votes));
      } catch (error) {
        if (error instanceof AppError) throw ApplicationFailure.nonRetryable(error.message, error.code);
        throw error;
      }
    },
    /** Starts the review of each week unless one is running or has ended well. */
    async startVoteReviews(input: { weeks: string[] }): Promise<void> {
      for (const week of input.weeks) await startVoteReview(deps.temporal, week);
    },
    /** Fails (and is retried) until the week's final review pass is written: the awards wait for it. */
    async awaitFinalVoteReview(input: { week: string }): Promise<void> {
      if (!(await voteReviewIsFinal(em(), input.week))) {
        throw ApplicationFailure.retryable(`The votes of the week of ${input.week} have not had their final review yet.`);
      }
    },
  };
}
