import { orderPaidSignal } from '../../workflows/order-fulfilment.js';
import type { Config } from '../config.js';
import { listingIdAttribute, orderNumberAttribute, orderStatusAttribute, ownerIdAttribute } from '../domain/search-attributes.js';
import { workflowIds } from '../domain/workflow-ids.js';
import { signalLifecycleWithStart, startLifecycle, type LifecycleStart } from '../platform/lifecycles.js';
import type { TemporalHandle } from '../temporal.js';

/** What an order's lifecycle is started from. */
export interface FulfilmentRef {
  number: string;
  ownerId: number;
  listingId: number | null;
}

function fulfilmentStart(config: Pick<Config, 'orders'>, order: FulfilmentRef): LifecycleStart<'orderFulfilment'> {
  return {
    workflowId: workflowIds.orderFulfilment(order.number),
    args: [{ number: order.number, expiresInMs: Math.round(config.orders.expiryHours * 3_600_000) }],
    searchAttributes: [
      { key: orderNumberAttribute, value: order.number },
      { key: orderStatusAttribute, value: 'pending' },
      { key: ownerIdAttribute, value: order.ownerId },
      ...(order.listingId ? [{ key: listingIdAttribute, value: order.listingId }] : []),
    ],
  };
}

/** Starts the order's fulfilment lifecycle (its number is the id, so a retried request starts nothing new). */
export async function startOrderFulfilment(
  temporal: TemporalHandle,
  config: Pick<Config, 'orders'>,
  order: FulfilmentRef,
): Promise<void> {
  await startLifecycle(temporal, 'orderFulfilment', fulfilmentStart(config, order));
}

/**
 * Tells the lifecycle the payment is recorded, starting it when none is open: a checkout that died
 * after building its order never started it. A recorded payment is of a pending order, whose
 * lifecycle has not ended (an ended one left the order expired or fulfilled).
 */
export async function signalOrderPaid(
  temporal: TemporalHandle,
  config: Pick<Config, 'orders'>,
  order: FulfilmentRef,
): Promise<void> {
  await signalLifecycleWithStart(temporal, 'orderFulfilment', fulfilmentStart(config, order), orderPaidSignal);
}
