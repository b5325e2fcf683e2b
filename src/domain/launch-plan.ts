import type { ListingPlan } from './listing-status.js';
import { addWeeks, isoDate, mondayOf, parseIsoDate } from './weeks.js';

/**
 * When a listing launches (docs/architecture.md, Publishing). Pure: the service counts the slots in PostgreSQL,
 * the listingLaunch workflow asks here when to check next and what a check's result means.
 */

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const weekMs = 7 * dayMs;

/** Weeks a free listing may miss (gates unmet at the week's end) before it returns to draft. */
export const maxMissedWeeks = 3;

/** Free-plan gates are checked daily until the launch week, hourly during it. */
export const gateCheckEvery = { beforeWeekMs: dayMs, duringWeekMs: hourMs };

export const weekStartMs = (week: string): number => parseIsoDate(week)!.getTime();
export const weekEndMs = (week: string): number => weekStartMs(week) + weekMs;

/** The first Monday that is at least `queueWeeks` weeks after `now`. */
export function earliestFreeWeek(now: Date, queueWeeks: number): Date {
  const earliest = new Date(now.getTime() + queueWeeks * weekMs);
  const monday = mondayOf(earliest);
  return monday.getTime() < earliest.getTime() ? addWeeks(monday, 1) : monday;
}

/** The first week from `from` on with fewer than `slots` launches taken (`taken`: week -> count). */
export function firstWeekWithSlot(from: Date, slots: number, taken: ReadonlyMap<string, number>): string {
  for (let monday = mondayOf(from); ; monday = addWeeks(monday, 1)) {
    if ((taken.get(isoDate(monday)) ?? 0) < slots) return isoDate(monday);
  }
}

/** How long the workflow waits before the next gate check: daily before the week, hourly in it, never past a boundary. */
export function nextGateCheckDelay(nowMs: number, week: string): number {
  const start = weekStartMs(week);
  const end = weekEndMs(week);
  if (nowMs < start) return Math.min(gateCheckEvery.beforeWeekMs, start - nowMs);
  return Math.max(1, Math.min(gateCheckEvery.duringWeekMs, end - nowMs));
}

export type FreeLaunchStep =
  | { kind: 'go_live' }
  | { kind: 'schedule'; untilMs: number }
  | { kind: 'wait'; delayMs: number }
  | { kind: 'move_week' }
  | { kind: 'back_to_draft' };

/**
 * What a free listing does now. Its week over: moved to the next week (gates met at that moment
 * included: the week itself was missed), or back to draft after the last allowed miss with the
 * gates still unmet. Within or before its week: gates met -> live once the week has begun, else
 * scheduled until its Monday; otherwise wait for the next check.
 */
export function freeLaunchStep(input: { nowMs: number; week: string; gatesMet: boolean; missedWeeks: number }): FreeLaunchStep {
  if (input.nowMs >= weekEndMs(input.week)) {
    return !input.gatesMet && input.missedWeeks + 1 >= maxMissedWeeks ? { kind: 'back_to_draft' } : { kind: 'move_week' };
  }
  const start = weekStartMs(input.week);
  if (input.gatesMet) return input.nowMs >= start ? { kind: 'go_live' } : { kind: 'schedule', untilMs: start };
  return { kind: 'wait', delayMs: nextGateCheckDelay(input.nowMs, input.week) };
}

/** What starts or changes a listing's launch lifecycle. `week` null on a paid launch: live at once. */
export interface ListingLaunchInput {
  listingId: number;
  plan: ListingPlan;
  week: string | null;
}

/** A paid launch's week, as its order or grant names it: null for at once. */
export interface PaidLaunchRequest {
  week: string | null;
}

/** The launch as a lifecycle reports it (Temporal UI and tests). */
export type LaunchOutcome = 'live' | 'returned_to_draft' | 'not_paid';
