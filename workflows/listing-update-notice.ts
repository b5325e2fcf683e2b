import { proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

export interface ListingUpdateNoticeInput {
  updateId: number;
  batchSize: number;
  pauseMs: number;
}

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
 */
export async function listingUpdateNotice(input: ListingUpdateNoticeInput): Promise<{ told: number }> {
  let after = 0;
  let told = 0;
  for (;;) {
    const batch = await mail.tellFollowerBatch({ updateId: input.updateId, after, limit: input.batchSize });
    told += batch.told;
    if (batch.done || batch.lastUserId === null) return { told };
    after = batch.lastUserId;
    if (input.pauseMs > 0) await sleep(input.pauseMs);
  }
}
