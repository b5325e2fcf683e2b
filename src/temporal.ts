import { Client, Connection } from '@temporalio/client';
import type { Config } from './config.js';

/**
 * Temporal conventions in one place. Workflow ids are business keys, so a retried request finds
 * the workflow it already started instead of starting a second one.
 */
export const workflowIds = {
  ping: (id: string) => `ping-${id}`,
  draftBuild: (draftId: string) => `draft-${draftId}`,
  freeListing: (listingId: number) => `free-listing-${listingId}`,
  claimVerification: (claimId: number | string) => `claim-${claimId}`,
  orderFulfilment: (orderNumber: string) => `order-${orderNumber}`,
  weeklyAwardsSchedule: 'weekly-awards',
} as const;

export interface TemporalHandle {
  connection: Connection;
  client: Client;
  taskQueue: string;
}

export async function connectTemporal(config: Config, address = config.temporal.address): Promise<TemporalHandle> {
  if (!address) throw new Error('No Temporal address: set TEMPORAL_ADDRESS or start the embedded stack (npm start).');
  const connection = await Connection.connect({ address });
  const client = new Client({ connection, namespace: config.temporal.namespace });
  return { connection, client, taskQueue: config.temporal.taskQueue };
}

/** True when the frontend service answers; used by /readyz. */
export async function temporalReachable(handle: TemporalHandle): Promise<boolean> {
  try {
    await handle.connection.workflowService.getSystemInfo({});
    return true;
  } catch {
    return false;
  }
}
