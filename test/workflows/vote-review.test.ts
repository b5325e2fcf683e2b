import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { ApplicationFailure } from '@temporalio/common';
import type { Activities } from '../../activities/index.js';
import type { VoteReviewPass } from '../../src/community/vote-review.js';
import { addWeeks, isoDate, mondayOf, parseIsoDate } from '../../src/domain/weeks.js';
import { voteReview } from '../../workflows/vote-review.js';
import { weeklyAwards } from '../../workflows/weekly-awards.js';
import { timeSkippingEnvironment, workerWithActivities } from '../support/time-skipping.js';

const hour = 3_600_000;

describe('voteReview on the time-skipping test server', () => {
  let env: TestWorkflowEnvironment;
  beforeAll(async () => {
    env = await timeSkippingEnvironment();
  });
  afterAll(() => env?.teardown());

  it('reviews every hour of a launch week, makes a final pass at its end, and the weekly awards come after it', async () => {
    const week = isoDate(addWeeks(mondayOf(new Date(await env.currentTimeMs())), 1));
    const start = parseIsoDate(week)!.getTime();
    const end = start + 7 * 24 * hour;
    const passes: { at: number; final: boolean }[] = [];
    const steps: string[] = [];
    // Stand-ins that decide finality on the server's clock, as the real activity does on its own.
    const activities: Partial<Activities> = {
      reviewVotes: async (input): Promise<VoteReviewPass> => {
        const at = await env.currentTimeMs();
        const final = at >= end;
        passes.push({ at, final });
        if (final) steps.push(`final review of ${input.week}`);
        return { week: input.week, final, reviewedAt: new Date(at).toISOString(), votes: 0, changed: 0, clusters: [] };
      },
      startVoteReviews: (input) => {
        steps.push(`start reviews of ${input.weeks.join(' and ')}`);
        return Promise.resolve();
      },
      awaitFinalVoteReview: (input) => {
        if (!passes.some((p) => p.final)) throw ApplicationFailure.retryable(`not final: ${input.week}`);
        steps.push(`final review seen for ${input.week}`);
        return Promise.resolve();
      },
      awardWeek: (input) => {
        steps.push(`awards of ${input.week}`);
        return Promise.resolve({ week: input.week, written: 3, mailed: 3 });
      },
    };
    const taskQueue = `vote-review-${randomUUID()}`;
    const worker = await workerWithActivities(env, taskQueue, activities);
    await worker.runUntil(async () => {
      const review = await env.client.workflow.start(voteReview, {
        taskQueue,
        workflowId: `vote-review-${week}`,
        args: [{ week }],
      });
      // The awards run of the Monday after, five minutes past midnight; it is started while the review may still run.
      await env.sleep(end + 5 * 60_000 - (await env.currentTimeMs()));
      const awards = await env.client.workflow.execute(weeklyAwards, { taskQueue, workflowId: `weekly-awards-${randomUUID()}` });
      expect(awards).toEqual({ week, written: 3, mailed: 3 });
      expect(await review.result()).toEqual({ week, passes: passes.length, clusters: 0 });
    });

    // Nothing before the week starts; then at most an hour apart, through the whole week. The passes
    // are timed by the activities' clock, which runs on while a loaded machine delays them.
    const slack = 60_000;
    const during = passes.filter((p) => !p.final);
    expect(during[0].at).toBeGreaterThanOrEqual(start);
    expect(during[0].at).toBeLessThan(start + slack);
    for (let i = 1; i < passes.length; i++) expect(passes[i].at - passes[i - 1].at).toBeLessThanOrEqual(hour + slack);
    expect(during.length).toBeGreaterThanOrEqual(7 * 24);
    expect(during.every((p) => p.at < end)).toBe(true);
    // One final pass, at the week's end, and the awards only after it.
    expect(passes.filter((p) => p.final)).toHaveLength(1);
    expect(passes[passes.length - 1].at).toBeLessThan(end + slack);
    const next = isoDate(addWeeks(parseIsoDate(week)!, 1));
    expect(steps).toEqual([
      `final review of ${week}`,
      `start reviews of ${week} and ${next}`,
      `final review seen for ${week}`,
      `awards of ${week}`,
    ]);
  });
});
