import type { EntityManager } from '@mikro-orm/postgresql';
import { isoDate } from '../domain/weeks.js';
import { execute, sql } from '../platform/sql.js';

/**
 * Deletes the repeat guard's hashes and salts of the days before today (UTC): from then on no
 * count can be tied to an address, as the key that made its hash is gone (docs/analytics.md).
 */
export async function purgePastDays(em: EntityManager, now = new Date()): Promise<void> {
  const today = isoDate(now);
  await execute(em, sql`delete from analytics_repeat where day < ${today}::date`);
  await execute(em, sql`delete from analytics_salt where day < ${today}::date`);
}
