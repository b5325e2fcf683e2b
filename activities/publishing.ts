import { checkLaunchGates, type GateCheck } from '../src/publishing/gates.js';
import { goLive, launchMovedToNow, moveLaunchWeek, returnToDraft, scheduleLaunch } from '../src/publishing/launch-steps.js';
import { awardWeek } from '../src/publishing/awards.js';
import { owedPaidLaunch } from '../src/publishing/paid-launch.js';
import type { PaidLaunchRequest } from '../src/domain/launch-plan.js';
import type { AwardedWeek } from '../src/domain/awards.js';
import type { ListingPlan } from '../src/domain/listing-status.js';
import { ApplicationFailure } from '@temporalio/activity';
import { AppError } from '../src/errors.js';
import { heartbeating } from './heartbeat.js';
import type { ActivityDeps } from './index.js';

/** A refused move (a rejected listing, say) stays refused: retrying it cannot help, so the run ends with the reason. */
async function refusalsAreFinal<T>(step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    if (error instanceof AppError) throw ApplicationFailure.nonRetryable(error.message, error.code);
    throw error;
  }
}

/** The listingLaunch and weeklyAwards steps; each is safe to repeat. */
export function publishingActivities(deps: ActivityDeps) {
  const em = () => deps.orm.em.fork();
  const { config, mailer } = deps;
  return {
    checkLaunchGates(input: { listingId: number; nextCheckAt: string | null }): Promise<GateCheck> {
      const next = input.nextCheckAt ? new Date(input.nextCheckAt) : null;
      return heartbeating(() => checkLaunchGates(em(), config.crawl, config.publicUrl, input.listingId, next));
    },
    /** What PostgreSQL says was bought for the listing; an `upgraded` signal only asks for this look. */
    paidLaunchOwed(input: { listingId: number }): Promise<PaidLaunchRequest | null> {
      return owedPaidLaunch(em(), input.listingId);
    },
    scheduleLaunch(input: { listingId: number; plan: ListingPlan; week: string }): Promise<void> {
      return refusalsAreFinal(scheduleLaunch(em(), config.publicUrl, input));
    },
    goLive(input: { listingId: number; plan: ListingPlan }): Promise<void> {
      return refusalsAreFinal(goLive(em(), mailer, config.publicUrl, input));
    },
    moveLaunchWeek(input: { listingId: number; missedWeek: string }): Promise<string> {
      return refusalsAreFinal(moveLaunchWeek(em(), config, mailer, input));
    },
    returnToDraft(input: { listingId: number; reason: string; lastWeek: string }): Promise<void> {
      return refusalsAreFinal(returnToDraft(em(), mailer, config.publicUrl, input));
    },
    /** Whether support moved the listing's launch to now: a go-live request is checked here, never taken on trust. */
    launchMovedToNow(input: { listingId: number }): Promise<boolean> {
      return launchMovedToNow(em(), input.listingId);
    },
    awardWeek(input: { week: string }): Promise<AwardedWeek> {
      return refusalsAreFinal(awardWeek(em(), mailer, config.publicUrl, input.week));
    },
  };
}
