import { patched, proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

export interface ListingUpdateNoticeInput {
  updateId: number;
  /** Set by runs started before the batches followed the configuration: the size and pause of then. */
  batchSize?: number;
  pauseMs?: number;
}

/** Marks runs whose batches take their size and pause from the configuration (docs/temporal.md). */
export const batchesFollowConfigPatch = 'follower-batches-follow-config';

// Heartbeats: a worker killed mid-batch has its attempt retried within seconds, not after the timeout.
const mail = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});

/**
 * listing-update-<update_id>: tells every follower of the listing about one update by mail, in
 * batches ordered by follower, with a pause between batches. Each batch is one activity that
 * records whom it told, so a retry (a worker killed mid-way) mails nobody twice and misses nobody.
 * Each batch takes its size and the pause after it from the configuration as it is then, so an
 * operator who slows mail down (FOLLOWER_MAIL_BATCH_*) slows the notices already sending too.
 */
export async function listingUpdateNotice(input: ListingUpdateNoticeInput): Promise<{ told: number }> {
  // A run started before keeps the size and pause it started with: its history has their timers.
  const followsConfig = patched(batchesFollowConfigPatch);
  let after = 0;
  let told = 0;
  for (;;) {
    const batch = await mail.tellFollowerBatch({
      updateId: input.updateId,
      after,
      ...(followsConfig ? {} : { limit: input.batchSize }),
    });
    told += batch.told;
    if (batch.done || batch.lastUserId === null) return { told };
    after = batch.lastUserId;
    const pauseMs = followsConfig ? batch.pauseMs : (input.pauseMs ?? 0);
    if (pauseMs > 0) await sleep(pauseMs);
  }
}
