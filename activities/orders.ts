import type { OrderStatus } from '../src/domain/order-status.js';
import { completeOrder, expireOrder, fulfilOrderLine, orderStatus, unfulfilledOrderLines } from '../src/orders/fulfilment.js';
import { startPaidLaunch } from '../src/publishing/lifecycle.js';
import type { ActivityDeps } from './index.js';

/** The orderFulfilment workflow's steps; each is safe to repeat. */
export function orderActivities(deps: ActivityDeps) {
  return {
    /** The status PostgreSQL records: a `paid` signal is checked against it. */
    async orderStatus(number: string): Promise<OrderStatus> {
      return orderStatus(deps.orm.em.fork(), number);
    },
    async expireOrder(number: string): Promise<OrderStatus> {
      return expireOrder(deps.orm.em.fork(), number);
    },
    async unfulfilledOrderLines(number: string): Promise<number[]> {
      return unfulfilledOrderLines(deps.orm.em.fork(), number);
    },
    async fulfilOrderLine(input: { number: string; position: number }): Promise<boolean> {
      return fulfilOrderLine(deps.orm.em.fork(), input.number, input.position, (launch) =>
        startPaidLaunch(deps.temporal, launch),
      );
    },
    async completeOrder(number: string): Promise<OrderStatus> {
      return completeOrder(deps.orm.em.fork(), deps.mailer, deps.config, number);
    },
  };
}
