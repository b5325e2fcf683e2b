import { listingUpdateNotice } from '../../workflows/listing-update-notice.js';
import type { Config } from '../config.js';
import { listingIdAttribute, ownerIdAttribute } from '../domain/search-attributes.js';
import { startLifecycle, workflowIds, type TemporalHandle } from '../temporal.js';

/** Starts telling the followers of a listing about one update; the update's id is the workflow's, so a retry starts nothing new. */
export async function startUpdateNotice(
  temporal: TemporalHandle,
  config: Config,
  update: { id: number; listingId: number; ownerId: number },
): Promise<void> {
  await startLifecycle(temporal, listingUpdateNotice, {
    workflowId: workflowIds.listingUpdateNotice(update.id),
    args: [{ updateId: update.id, batchSize: config.followerMail.batchSize, pauseMs: config.followerMail.pauseMs }],
    searchAttributes: [
      { key: listingIdAttribute, value: update.listingId },
      { key: ownerIdAttribute, value: update.ownerId },
    ],
  });
}
