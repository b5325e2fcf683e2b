import { condition, defineSignal, proxyActivities, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { OrderStatus } from '../src/domain/order-status.js';
import { orderStatusAttribute } from '../src/domain/search-attributes.js';

export interface OrderFulfilmentInput {
  number: string;
  /** How long the order waits for payment before it expires. */
  expiresInMs: number;
}

/**
 * Sent once the payment is recorded in PostgreSQL (test provider's form, or a verified provider
 * webhook). A request to look, never proof: the order's status in PostgreSQL decides.
 */
export const orderPaidSignal = defineSignal('paid');

const orders = proxyActivities<Activities>({
  // Short: a step whose worker died is tried again after this long (each is a few queries).
  startToCloseTimeout: '20 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

function showStatus(status: OrderStatus): void {
  upsertSearchAttributes([{ key: orderStatusAttribute, value: status }]);
}

/**
 * order-<number>: waits for the payment or the expiry timer; once paid, fulfils each line in its
 * own activity (each marks its line fulfilled in the transaction that delivers it, so a retry
 * after a worker crash delivers nothing twice), then completes the order with its invoice and
 * receipt. The status API reads poll is written to PostgreSQL by the activities.
 */
export async function orderFulfilment(input: OrderFulfilmentInput): Promise<OrderStatus> {
  let paymentReported = false;
  setHandler(orderPaidSignal, () => {
    paymentReported = true;
  });
  const expiresAt = Date.now() + input.expiresInMs;
  let status: OrderStatus = 'pending';
  while (status === 'pending') {
    const left = expiresAt - Date.now();
    if (left <= 0 || !(await condition(() => paymentReported, left))) {
      // The payment may be recorded while its signal is still on the way: expiring only a pending order settles that race.
      status = await orders.expireOrder(input.number);
      break;
    }
    // A signal sent by hand to an unpaid order finds it pending, and the order keeps waiting for its payment.
    paymentReported = false;
    status = await orders.orderStatus(input.number);
  }
  if (status !== 'paid') {
    showStatus(status);
    return status;
  }
  showStatus('paid');
  const positions = await orders.unfulfilledOrderLines(input.number);
  for (const position of positions) {
    if (!(await orders.fulfilOrderLine({ number: input.number, position }))) break;
  }
  status = await orders.completeOrder(input.number);
  showStatus(status);
  return status;
}
