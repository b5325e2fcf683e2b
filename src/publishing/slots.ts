import type { EntityManager } from '@mikro-orm/postgresql';
import type { ListingPlan } from '../domain/listing-status.js';
import { firstWeekWithSlot } from '../domain/launch-plan.js';
import { query, sql } from '../platform/sql.js';

/** Lock key for launch slots (first half of a two-part advisory lock; the site id is the second). */
const slotLock = 7_331_001;

/**
 * The first week from `from` on with a free slot of the plan, counted in PostgreSQL under a lock
 * held until the transaction ends, so two concurrent choices never fill one slot twice. The
 * caller writes the week in the same transaction.
 */
export async function firstWeekWithFreeSlot(
  tx: EntityManager,
  siteId: number,
  plan: ListingPlan,
  from: Date,
  slots: number,
  listingId: number,
): Promise<string> {
  await query(tx, sql`select pg_advisory_xact_lock(${slotLock}, ${siteId})`);
  const rows = await query(
    tx,
    sql<{ week: string; n: number }>`select launch_week as week, count(*)::int as n from listing
     where site_id = ${siteId} and plan = ${plan} and launch_week >= ${from.toISOString().slice(0, 10)}::date
       and status in ('awaiting_badge', 'scheduled', 'live') and id <> ${listingId}
     group by launch_week`,
  );
  return firstWeekWithSlot(from, slots, new Map(rows.map((r) => [r.week, r.n])));
}

/** The launch places of each plan taken in one week: what a week's free slots are counted from. */
export async function placesTaken(em: EntityManager, siteId: number, week: string): Promise<Record<ListingPlan, number>> {
  const rows = await query(
    em,
    sql<{ plan: ListingPlan; n: number }>`select plan, count(*)::int as n from listing
     where site_id = ${siteId} and launch_week = ${week}::date and status in ('awaiting_badge', 'scheduled', 'live')
     group by plan`,
  );
  const taken = { free: 0, paid: 0 };
  for (const row of rows) taken[row.plan] = row.n;
  return taken;
}

/** Whether `week` still has a slot of the plan for this listing. */
export async function weekHasSlot(
  tx: EntityManager,
  siteId: number,
  plan: ListingPlan,
  week: string,
  slots: number,
  listingId: number,
): Promise<boolean> {
  return (await firstWeekWithFreeSlot(tx, siteId, plan, new Date(`${week}T00:00:00Z`), slots, listingId)) === week;
}
