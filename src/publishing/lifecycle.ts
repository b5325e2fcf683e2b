import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { checkGatesNowUpdate, goLiveNowUpdate, upgradedSignal } from '../../workflows/listing-launch.js';
import { AppError } from '../errors.js';
import type { ListingLaunchInput } from '../domain/launch-plan.js';
import { launchStatusAttribute, listingIdAttribute, ownerIdAttribute } from '../domain/search-attributes.js';
import { workflowIds } from '../domain/workflow-ids.js';
import { signalLifecycleWithStart, updateLifecycleWithStartWithin, type LifecycleStart } from '../platform/lifecycles.js';
import type { TemporalHandle } from '../temporal.js';

function launchStart(input: ListingLaunchInput, ownerId: number, status: string): LifecycleStart<'listingLaunch'> {
  const when = input.week ? `the week of ${input.week}` : 'now';
  return {
    workflowId: workflowIds.listingLaunch(input.listingId),
    args: [input],
    searchAttributes: [
      { key: listingIdAttribute, value: input.listingId },
      { key: ownerIdAttribute, value: ownerId },
      { key: launchStatusAttribute, value: status },
    ],
    summary: `Listing ${input.listingId} (owner ${ownerId}): ${input.plan} launch, ${when}`,
  };
}

/**
 * Starts the free launch of a listing queued for `week`, or joins the one already running, and
 * checks its gates now; resolves once that check is written, or after `waitMs` with the start
 * and check still under way (a slow website; calling again finds or starts the same run).
 */
export async function checkFreeLaunchNow(
  temporal: TemporalHandle,
  input: { listingId: number; ownerId: number; week: string },
  waitMs: number,
): Promise<void> {
  const start = launchStart({ listingId: input.listingId, plan: 'free', week: input.week }, input.ownerId, 'awaiting_badge');
  await updateLifecycleWithStartWithin(temporal, 'listingLaunch', start, checkGatesNowUpdate, waitMs);
}

/**
 * A paid launch bought for a listing (orders, or the operator command), once its order is paid or
 * its grant recorded: live at once when `week` is null or has begun, else scheduled until its
 * Monday. A free launch already running becomes paid and keeps its week unless `week` names
 * another. The lifecycle takes the week from PostgreSQL, not from here. Safe to repeat.
 */
export async function startPaidLaunch(
  temporal: TemporalHandle,
  input: { listingId: number; ownerId: number; week: string | null },
): Promise<void> {
  const start = launchStart({ listingId: input.listingId, plan: 'paid', week: input.week }, input.ownerId, 'paid');
  await signalLifecycleWithStart(temporal, 'listingLaunch', start, upgradedSignal);
}

/**
 * Runs the launch workflow's own go-live step now, once the move is recorded (goLiveNow); no
 * launch running, or one the workflow refuses to move, is a 409 with the reason.
 */
export async function askLaunchToGoLiveNow(temporal: TemporalHandle, listingId: number, slug: string): Promise<void> {
  try {
    await temporal.client.workflow.getHandle(workflowIds.listingLaunch(listingId)).executeUpdate(goLiveNowUpdate);
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) throw new AppError('conflict', `${slug} has no launch running.`);
    if (error instanceof WorkflowUpdateFailedError)
      throw new AppError('conflict', `${slug}: ${error.cause?.message ?? error.message}`);
    throw error;
  }
}
