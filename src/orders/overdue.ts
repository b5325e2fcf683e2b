import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../platform/sql.js';
import type { TemporalHandle } from '../temporal.js';
import { settleOverdueOrder, type FulfilmentRef } from './lifecycle.js';
import { orderRefs } from './view.js';

/** Orders looked at per statement. */
const batch = 200;

/**
 * Settles every order still pending or paid a quarter of an hour after its payment window closed
 * (its own lifecycle's timer settles it within moments of the close), by starting its lifecycle
 * with no time left. A checkout that died between building its order and starting the lifecycle
 * leaves an order nothing waits on: pending for ever, its link refused; or, when a payment's
 * announcement died too, paid and never delivered. An open lifecycle finishes on its own (the
 * start finds it); a closed one left its order expired, fulfilled or refunded, never pending or
 * paid. Answers how many overdue orders were found.
 */
export async function settleOverdueOrders(em: EntityManager, temporal: TemporalHandle): Promise<number> {
  let found = 0;
  let rows: FulfilmentRef[] = [];
  do {
    rows = await overdueOrders(em, rows.at(-1)?.number ?? '');
    for (const order of rows) await settleOverdueOrder(temporal, order);
    found += rows.length;
  } while (rows.length === batch);
  return found;
}

/** The next batch of overdue orders, by number after `after`. */
function overdueOrders(em: EntityManager, after: string): Promise<FulfilmentRef[]> {
  return orderRefs(
    em,
    sql`o.status in ('pending', 'paid') and o.expires_at < now() - interval '15 minutes' and o.number > ${after}`,
    batch,
  );
}
