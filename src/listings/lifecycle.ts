import { listingIdAttribute, ownerIdAttribute } from '../domain/search-attributes.js';
import { workflowIds } from '../domain/workflow-ids.js';
import { startLifecycle } from '../platform/lifecycles.js';
import type { TemporalHandle } from '../temporal.js';

/** Starts telling the followers of a listing about one update; the update's id is the workflow's, so a retry starts nothing new. */
export async function startUpdateNotice(
  temporal: TemporalHandle,
  update: { id: number; listingId: number; ownerId: number },
): Promise<void> {
  await startLifecycle(temporal, 'listingUpdateNotice', {
    workflowId: workflowIds.listingUpdateNotice(update.id),
    // Each batch reads its size and pause from the configuration of its worker.
    args: [{ updateId: update.id }],
    searchAttributes: [
      { key: listingIdAttribute, value: update.listingId },
      { key: ownerIdAttribute, value: update.ownerId },
    ],
  });
}
