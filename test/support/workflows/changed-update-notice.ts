import { patched, proxyActivities } from '@temporalio/workflow';
import { listingUpdateNotice, type ListingUpdateNoticeInput } from '../../../workflows/listing-update-notice.js';

/** Marks runs that count their followers before the first batch. */
export const countFollowersFirstPatch = 'count-followers-first';

/** An activity a deploy might add; replay never runs it, it only compares the commands asked for. */
const count = proxyActivities<{ countFollowersToTell(updateId: number): Promise<number> }>({
  startToCloseTimeout: '1 minute',
});

/**
 * listingUpdateNotice as a careless deploy would change it (test/workflows/replay-change.test.ts):
 * an activity inserted before the first batch. A run in flight cannot replay on it.
 */
export async function listingUpdateNoticeCountingFirst(input: ListingUpdateNoticeInput): Promise<{ told: number }> {
  await count.countFollowersToTell(input.updateId);
  return listingUpdateNotice(input);
}

/** The same change behind patched() (docs/temporal.md): a run started before keeps its old steps. */
export async function listingUpdateNoticeCountingFirstPatched(input: ListingUpdateNoticeInput): Promise<{ told: number }> {
  if (patched(countFollowersFirstPatch)) await count.countFollowersToTell(input.updateId);
  return listingUpdateNotice(input);
}
