import { WorkflowNotFoundError } from '@temporalio/client';
import { orderPaidSignal } from '../../workflows/order-fulfilment.js';
import type { Config } from '../config.js';
import { listingIdAttribute, orderNumberAttribute, orderStatusAttribute, ownerIdAttribute } from '../domain/search-attributes.js';
import { workflowIds } from '../domain/workflow-ids.js';
import { startLifecycle } from '../platform/lifecycles.js';
import type { TemporalHandle } from '../temporal.js';

/** Starts the order's fulfilment lifecycle (its number is the id, so a retried request starts nothing new). */
export async function startOrderFulfilment(
  temporal: TemporalHandle,
  config: Config,
  order: { number: string; ownerId: number; listingId: number | null },
): Promise<void> {
  await startLifecycle(temporal, 'orderFulfilment', {
    workflowId: workflowIds.orderFulfilment(order.number),
    args: [{ number: order.number, expiresInMs: Math.round(config.orders.expiryHours * 3_600_000) }],
    searchAttributes: [
      { key: orderNumberAttribute, value: order.number },
      { key: orderStatusAttribute, value: 'pending' },
      { key: ownerIdAttribute, value: order.ownerId },
      ...(order.listingId ? [{ key: listingIdAttribute, value: order.listingId }] : []),
    ],
  });
}

/** Tells the lifecycle the payment is recorded; a lifecycle that already ended has nothing left to do with it. */
export async function signalOrderPaid(temporal: TemporalHandle, number: string): Promise<void> {
  try {
    await temporal.client.workflow.getHandle(workflowIds.orderFulfilment(number)).signal(orderPaidSignal);
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
  }
}
