import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Activities } from '../../activities/index.js';
import { addWeeks, isoDate, mondayOf, parseIsoDate } from '../../src/domain/weeks.js';
import { checkGatesNowUpdate, listingLaunch, upgradedSignal } from '../../workflows/listing-launch.js';
import type { ListingLaunchInput, PaidLaunchRequest } from '../../src/domain/launch-plan.js';
import { timeSkippingEnvironment, workerWithActivities } from '../support/time-skipping.js';

const hour = 3_600_000;
const day = 24 * hour;
/**
 * Activities read the test server's clock a moment after the workflow acted, and each check's wait
 * starts when the last one ended: on a loaded machine that moment passed a second. Times are
 * compared within a minute, far below the hour and the day the schedule is made of.
 */
const slack = 60_000;
const atAbout = (ms: number) => ({ asymmetricMatch: (at: number) => at >= ms && at < ms + slack, toString: () => `about ${ms}` });

interface Calls {
  checks: number[];
  scheduled: { plan: string; week: string; at: number }[];
  live: { plan: string; at: number }[];
  moved: string[];
  drafted: { reason: string; lastWeek: string }[];
}

describe('listingLaunch on the time-skipping test server', () => {
  let env: TestWorkflowEnvironment;
  beforeAll(async () => {
    env = await timeSkippingEnvironment();
  });
  afterAll(() => env?.teardown());

  /** A launch week three Mondays after the test server's clock. */
  const weekAhead = async () => isoDate(addWeeks(mondayOf(new Date(await env.currentTimeMs())), 3));
  const startOf = (week: string) => parseIsoDate(week)!.getTime();

  /**
   * Activities that record what the workflow asked for; the gates hold from `gatesFrom` (ms) on,
   * and PostgreSQL shows the paid launch `owed` (null: nothing bought).
   */
  function recording(calls: Calls, gatesFrom: number, owed: PaidLaunchRequest | null): Partial<Activities> {
    return {
      paidLaunchOwed: () => Promise.resolve(owed),
      checkLaunchGates: async () => {
        const now = await env.currentTimeMs();
        calls.checks.push(now);
        const met = now >= gatesFrom;
        return { met, badgeFound: met, founderProfileComplete: true };
      },
      scheduleLaunch: async ({ plan, week }) => {
        calls.scheduled.push({ plan, week, at: await env.currentTimeMs() });
      },
      goLive: async ({ plan }) => {
        calls.live.push({ plan, at: await env.currentTimeMs() });
      },
      moveLaunchWeek: ({ missedWeek }) => {
        const next = isoDate(addWeeks(parseIsoDate(missedWeek)!, 1));
        calls.moved.push(next);
        return Promise.resolve(next);
      },
      returnToDraft: ({ reason, lastWeek }) => {
        calls.drafted.push({ reason, lastWeek });
        return Promise.resolve();
      },
      tellLaunchFollowerBatch: () => Promise.resolve({ lastUserId: null, told: 0, done: true, pauseMs: 0 }),
    };
  }

  const newCalls = (): Calls => ({ checks: [], scheduled: [], live: [], moved: [], drafted: [] });

  async function launch(
    input: Omit<ListingLaunchInput, 'listingId'>,
    calls: Calls,
    gatesFrom: number,
    during?: (id: string) => Promise<void>,
    owed: PaidLaunchRequest | null = null,
  ) {
    const taskQueue = `listing-launch-${randomUUID()}`;
    const worker = await workerWithActivities(env, taskQueue, recording(calls, gatesFrom, owed));
    const workflowId = `listing-launch-test-${randomUUID()}`;
    return worker.runUntil(async () => {
      const handle = await env.client.workflow.start(listingLaunch, {
        taskQueue,
        workflowId,
        args: [{ listingId: 1, ...input }],
      });
      if (during) await during(workflowId);
      return handle.result();
    });
  }

  it('a free listing with the badge from the start is scheduled, and goes live at its Monday, not before', async () => {
    const calls = newCalls();
    const week = await weekAhead();
    await expect(launch({ plan: 'free', week }, calls, 0)).resolves.toBe('live');
    expect(calls.checks).toHaveLength(1);
    expect(calls.scheduled).toEqual([{ plan: 'free', week, at: expect.any(Number) }]);
    expect(calls.live).toHaveLength(1);
    expect(calls.live[0].plan).toBe('free');
    expect(calls.live[0].at).toEqual(atAbout(startOf(week)));
  });

  it('checks daily before the week and hourly in it; a badge appearing mid-week goes live at that check', async () => {
    const calls = newCalls();
    const week = await weekAhead();
    const appears = startOf(week) + 2 * day + 5.5 * hour;
    await expect(launch({ plan: 'free', week }, calls, appears)).resolves.toBe('live');
    expect(calls.scheduled).toEqual([]);
    expect(calls.live).toHaveLength(1);
    expect(calls.live[0].at).toBeGreaterThanOrEqual(appears);
    expect(calls.live[0].at).toBeLessThanOrEqual(appears + hour + slack);
    const gaps = calls.checks.slice(1).map((at, i) => ({ at, gap: at - calls.checks[i] }));
    for (const { at, gap } of gaps) expect(gap).toBeLessThanOrEqual((at <= startOf(week) + slack ? day : hour) + slack);
    const inWeek = calls.checks.filter((at) => at >= startOf(week));
    expect(inWeek.length).toBeGreaterThanOrEqual(54);
    expect(inWeek.length).toBeLessThanOrEqual(56);
  });

  it('never meeting the gates moves it week after week, and back to draft after 3 missed weeks', async () => {
    const calls = newCalls();
    const week = await weekAhead();
    await expect(launch({ plan: 'free', week }, calls, Number.POSITIVE_INFINITY)).resolves.toBe('returned_to_draft');
    const second = isoDate(addWeeks(parseIsoDate(week)!, 1));
    const third = isoDate(addWeeks(parseIsoDate(week)!, 2));
    expect(calls.moved).toEqual([second, third]);
    expect(calls.drafted).toEqual([{ reason: expect.stringContaining('missed 3 weeks'), lastWeek: third }]);
    expect(calls.live).toEqual([]);
    expect(calls.checks.at(-1)).toEqual(atAbout(startOf(third) + 7 * day));
  });

  it('an upgrade while waiting for the badge turns it into a paid launch in the same week', async () => {
    const calls = newCalls();
    const week = await weekAhead();
    const result = launch(
      { plan: 'free', week },
      calls,
      Number.POSITIVE_INFINITY,
      async (workflowId) => {
        await env.sleep(5 * day);
        await env.client.workflow.getHandle(workflowId).signal(upgradedSignal);
      },
      { week: null },
    );
    await expect(result).resolves.toBe('live');
    expect(calls.scheduled).toEqual([{ plan: 'paid', week, at: expect.any(Number) }]);
    expect(calls.live).toEqual([{ plan: 'paid', at: atAbout(startOf(week)) }]);
  });

  it('an upgrade signal with nothing bought (sent by hand) changes nothing: the free launch runs its course', async () => {
    const calls = newCalls();
    const week = await weekAhead();
    const result = launch({ plan: 'free', week }, calls, Number.POSITIVE_INFINITY, async (workflowId) => {
      await env.sleep(5 * day);
      // By name, with the payload the old signal took, as from the Temporal UI: a week of the sender's choosing.
      await env.client.workflow.getHandle(workflowId).signal('upgraded', { week: null });
    });
    await expect(result).resolves.toBe('returned_to_draft');
    expect(calls.scheduled).toEqual([]);
    expect(calls.live).toEqual([]);
    expect(calls.moved).toHaveLength(2);
  });

  it('a paid launch started with nothing bought ends without changing the listing', async () => {
    const calls = newCalls();
    await expect(launch({ plan: 'paid', week: null }, calls, 0)).resolves.toBe('not_paid');
    expect(calls).toEqual(newCalls());
  });

  it('a paid launch goes live at once, or at the Monday of the week it names', async () => {
    const now = newCalls();
    const startedAt = await env.currentTimeMs();
    await expect(launch({ plan: 'paid', week: null }, now, 0, undefined, { week: null })).resolves.toBe('live');
    expect(now.checks).toEqual([]);
    expect(now.scheduled).toEqual([]);
    expect(now.live[0].at - startedAt).toBeLessThan(60_000);

    const later = newCalls();
    const week = await weekAhead();
    await expect(launch({ plan: 'paid', week: null }, later, 0, undefined, { week })).resolves.toBe('live');
    expect(later.scheduled).toEqual([{ plan: 'paid', week, at: expect.any(Number) }]);
    expect(later.live).toEqual([{ plan: 'paid', at: atAbout(startOf(week)) }]);
  });

  it('checks at once when asked, and the answer waits for that check', async () => {
    const calls = newCalls();
    const week = await weekAhead();
    let asked = 0;
    const checkThenUpgrade = async (workflowId: string) => {
      const handle = env.client.workflow.getHandle(workflowId);
      await env.sleep(3 * hour);
      asked = await env.currentTimeMs();
      await handle.executeUpdate(checkGatesNowUpdate);
      expect(calls.checks.filter((at) => at >= asked)).toHaveLength(1);
      await handle.signal(upgradedSignal);
    };
    await launch({ plan: 'free', week }, calls, Number.POSITIVE_INFINITY, checkThenUpgrade, { week: null });
    // The first check at the start, the one asked for, and none between: the next daily one was hours away.
    expect(calls.checks).toHaveLength(2);
  });

  it('a worker stopped while a launch waits for its Monday: the next worker still makes it live on time', async () => {
    const calls = newCalls();
    const week = await weekAhead();
    const workflowId = `listing-launch-test-${randomUUID()}`;
    const taskQueue = `listing-launch-${randomUUID()}`;
    // No sticky cache: the test server does not hand a stopped worker's sticky tasks on to the next worker.
    const first = await workerWithActivities(env, taskQueue, recording(calls, 0, null), { maxCachedWorkflows: 0 });
    await first.runUntil(async () => {
      await env.client.workflow.start(listingLaunch, { taskQueue, workflowId, args: [{ listingId: 1, plan: 'free', week }] });
      while (calls.scheduled.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(calls.live).toEqual([]);
    const second = await workerWithActivities(env, taskQueue, recording(calls, 0, null));
    await expect(second.runUntil(env.client.workflow.getHandle(workflowId).result())).resolves.toBe('live');
    expect(calls.live).toEqual([{ plan: 'free', at: atAbout(startOf(week)) }]);
  }, 180_000);
});
