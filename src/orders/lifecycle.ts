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

/** How long an order waits for its payment, as its lifecycle counts it. */
function paymentWindowMs(config: Pick<Config, 'orders'>): number {
  return Math.round(config.orders.expiryHours * 3_600_000);
}

function fulfilmentStart(order: FulfilmentRef, expiresInMs: number): LifecycleStart<'orderFulfilment'> {
  return {
    workflowId: workflowIds.orderFulfilment(order.number),
    args: [{ number: order.number, expiresInMs }],
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
  await startLifecycle(temporal, 'orderFulfilment', fulfilmentStart(order, paymentWindowMs(config)));
}

/**
 * Starts the lifecycle of an order whose payment window has closed, with no time left: it expires
 * the order if it is still pending, or fulfils it if it was paid. A lifecycle still open under the
 * order's id is left to run as it is.
 */
export async function settleOverdueOrder(temporal: TemporalHandle, order: FulfilmentRef): Promise<void> {
  await startLifecycle(temporal, 'orderFulfilment', fulfilmentStart(order, 0));
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
  await signalLifecycleWithStart(temporal, 'orderFulfilment', fulfilmentStart(order, paymentWindowMs(config)), orderPaidSignal);
}
