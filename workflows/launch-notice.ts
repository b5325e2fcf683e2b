import { proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

// Heartbeats: a worker killed mid-batch has its attempt retried within seconds, not after the timeout.
const mail = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});

/**
 * The go-live step's "notify me at launch": every follower of the listing is mailed once, in
 * batches ordered by follower with the configured pause between them; each batch records whom it
 * told, so a retry or a second run mails nobody twice.
 */
export async function tellLaunchFollowers(listingId: number): Promise<number> {
  let after = 0;
  let told = 0;
  for (;;) {
    const batch = await mail.tellLaunchFollowerBatch({ listingId, after });
    told += batch.told;
    if (batch.done || batch.lastUserId === null) return told;
    after = batch.lastUserId;
    if (batch.pauseMs > 0) await sleep(batch.pauseMs);
  }
}
