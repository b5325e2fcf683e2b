import { patched, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

const { purgeExpiredRecords, settleOverdueOrders } = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  retry: { maximumAttempts: 3 },
});

/** Marks runs that settle overdue orders after the purge (docs/temporal.md). */
export const settlesOverdueOrdersPatch = 'housekeeping-settles-overdue-orders';

/**
 * Run hourly by the `housekeeping` schedule: one purge of everything that has expired, then the
 * orders still pending or paid past their payment window are handed to their lifecycles.
 */
export async function housekeeping(): Promise<void> {
  await purgeExpiredRecords();
  // A run started before the sweep existed (its history ends after the purge) replays without it.
  if (patched(settlesOverdueOrdersPatch)) await settleOverdueOrders();
}
