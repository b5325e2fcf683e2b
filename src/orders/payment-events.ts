import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../platform/sql.js';

/**
 * Keeps a provider's notice id in the caller's transaction, with what the notice changes: false
 * when it was kept before, so the same notice twice changes nothing the second time.
 */
export async function freshPaymentEvent(tx: EntityManager, provider: string, eventId: string, number: string): Promise<boolean> {
  const [fresh] = await query(
    tx,
    sql`insert into payment_event (provider, event_id, order_number) values (${provider}, ${eventId}, ${number})
     on conflict do nothing returning 1 as one`,
  );
  return fresh !== undefined;
}
