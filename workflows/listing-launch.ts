import {
  ApplicationFailure,
  allHandlersFinished,
  condition,
  defineSignal,
  defineUpdate,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import {
  freeLaunchStep,
  maxMissedWeeks,
  nextGateCheckDelay,
  weekStartMs,
  type LaunchOutcome,
  type ListingLaunchInput,
  type PaidLaunchRequest,
} from '../src/domain/launch-plan.js';
import { launchStatusAttribute } from '../src/domain/search-attributes.js';
import { tellLaunchFollowers } from './launch-notice.js';

/** Checks the free plan's gates now (an owner who just added the badge); resolves once that check is written. */
export const checkGatesNowUpdate = defineUpdate<void, []>('checkGatesNow');

/**
 * Support moved a scheduled launch to now: a request to look, never proof. Refused unless
 * PostgreSQL shows the listing scheduled in a week that has begun (the CLI records the move first).
 */
export const goLiveNowUpdate = defineUpdate<void, []>('goLiveNow');

/**
 * A paid launch may have been bought for this listing: a request to look, never proof. Only what
 * PostgreSQL records (a paid order's launch line, an operator's grant) turns a free run into a paid
 * one, keeping its week unless the order names another; any payload is ignored.
 */
export const upgradedSignal = defineSignal('upgraded');

// A gate check reads the owner's homepage, maybe through Chromium; a failing one is retried, never lost.
const steps = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes' },
});

function show(status: string, details: string): void {
  upsertSearchAttributes([{ key: launchStatusAttribute, value: status }]);
  setCurrentDetails(details);
}

/**
 * listing-launch-<listing_id>: one publication of a listing. Free: checks the badge and founder
 * profile daily until the launch week and hourly in it; met before the week -> scheduled and live
 * at its Monday, met in it -> live at once; a week ending unmet moves it to the next free week,
 * and after three such weeks it returns to draft. Paid (started as paid, or by the `upgraded`
 * signal, once PostgreSQL shows the paid launch): live at once, or scheduled until the week's
 * Monday; started as paid with nothing bought, it ends and changes nothing. Every result is
 * written to PostgreSQL by the activities, so the owner view never waits on this workflow.
 */
export async function listingLaunch(input: ListingLaunchInput): Promise<LaunchOutcome> {
  const { listingId } = input;
  let paid: PaidLaunchRequest | null = null;
  let upgradeAsked = input.plan === 'paid';
  let week = input.plan === 'free' ? input.week : null;
  let checkRequests = 0;
  let checksServed = 0;
  let checksOver = false;

  setHandler(upgradedSignal, () => {
    upgradeAsked = true;
  });
  let goNow = false;
  setHandler(goLiveNowUpdate, async () => {
    if (!(await steps.launchMovedToNow({ listingId })))
      throw ApplicationFailure.nonRetryable('The listing is not scheduled in a week that has begun.', 'conflict');
    goNow = true;
  });
  setHandler(checkGatesNowUpdate, async () => {
    const wanted = ++checkRequests;
    await condition(() => checksServed >= wanted || checksOver);
  });

  // A check asked for is answered once its result, and what follows from it, is written.
  const checkGates = async (nextCheckAt: number | null) => {
    const serving = checkRequests;
    const result = await steps.checkLaunchGates({
      listingId,
      nextCheckAt: nextCheckAt === null ? null : new Date(nextCheckAt).toISOString(),
    });
    return { ...result, answered: () => (checksServed = Math.max(checksServed, serving)) };
  };
  // The paid launch is what PostgreSQL records, looked up by an activity; the signal only says when to look.
  const lookForPaidLaunch = () => {
    upgradeAsked = false;
    return steps.paidLaunchOwed({ listingId });
  };
  const wake = (ms: number) => condition(() => upgradeAsked || goNow || checkRequests > checksServed, ms);
  const end = async (outcome: LaunchOutcome): Promise<LaunchOutcome> => {
    checksOver = true;
    await condition(allHandlersFinished);
    return outcome;
  };

  if (input.plan === 'paid') {
    paid = await lookForPaidLaunch();
    if (!paid) {
      show('not_paid', 'Started as a paid launch, but no paid order or grant exists for this listing: nothing changed.');
      return end('not_paid');
    }
  }

  let missed = 0;
  let scheduled = false;
  while (!paid && week) {
    if (upgradeAsked) {
      paid = await lookForPaidLaunch();
      continue;
    }
    if (scheduled) {
      const untilMonday = weekStartMs(week) - Date.now();
      if (untilMonday <= 0 || goNow) break;
      show('scheduled', `Free launch: gates met, goes live on ${week} at 00:00 UTC.`);
      // Checks asked for now only refresh what the owner sees; the launch stays scheduled.
      if ((await wake(untilMonday)) && !upgradeAsked && !goNow) (await checkGates(null)).answered();
      continue;
    }
    show(
      'awaiting_badge',
      `Free launch in the week of ${week}: waiting for the badge and founder profile (missed weeks: ${missed}).`,
    );
    const check = await checkGates(Date.now() + nextGateCheckDelay(Date.now(), week));
    const step = freeLaunchStep({ nowMs: Date.now(), week, gatesMet: check.met, missedWeeks: missed });
    if (step.kind === 'go_live') {
      await steps.goLive({ listingId, plan: 'free' });
      check.answered();
      show('live', 'Live (free launch).');
      await tellLaunchFollowers(listingId);
      return end('live');
    }
    if (step.kind === 'schedule') {
      await steps.scheduleLaunch({ listingId, plan: 'free', week });
      scheduled = true;
      check.answered();
    } else if (step.kind === 'wait') {
      check.answered();
      await wake(step.delayMs);
    } else if (step.kind === 'move_week') {
      missed++;
      week = await steps.moveLaunchWeek({ listingId, missedWeek: week });
    } else {
      const reason = `The free launch missed ${maxMissedWeeks} weeks without the badge on the homepage or a complete founder profile.`;
      await steps.returnToDraft({ listingId, reason, lastWeek: week });
      show('draft', reason);
      return end('returned_to_draft');
    }
  }

  // No gate is checked from here on: a pending request for a check is answered with what stands.
  checksOver = true;
  if (paid) {
    // An upgraded free run keeps its week unless the order names another; a week already begun is now.
    const target = paid.week ?? week;
    if (target && weekStartMs(target) > Date.now()) {
      await steps.scheduleLaunch({ listingId, plan: 'paid', week: target });
      show('scheduled', `Paid launch: goes live on ${target} at 00:00 UTC.`);
      await condition(() => goNow, weekStartMs(target) - Date.now());
    }
  }
  await steps.goLive({ listingId, plan: paid ? 'paid' : 'free' });
  show('live', `Live (${paid ? 'paid' : 'free'} launch).`);
  await tellLaunchFollowers(listingId);
  return end('live');
}
