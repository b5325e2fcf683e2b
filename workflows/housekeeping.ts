import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

const { purgeExpiredRecords } = proxyActivities<Activities>({ startToCloseTimeout: '5 minutes', retry: { maximumAttempts: 3 } });

/** Run hourly by the `housekeeping` schedule: one purge of everything that has expired. */
export async function housekeeping(): Promise<void> {
  await purgeExpiredRecords();
}
