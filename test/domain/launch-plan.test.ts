import { weekToAward } from '../../src/domain/awards.js';
import { earliestFreeWeek, firstWeekWithSlot, freeLaunchStep, nextGateCheckDelay } from '../../src/domain/launch-plan.js';

const at = (iso: string) => new Date(iso).getTime();
const hour = 3_600_000;
const day = 24 * hour;

describe('launch plan', () => {
  it('queues a free launch on the first Monday at least the queue weeks ahead', () => {
    // Wednesday + 4 weeks is a Wednesday: the Monday after it.
    expect(earliestFreeWeek(new Date('2026-11-25T10:00:00Z'), 4).toISOString()).toBe('2026-12-28T00:00:00.000Z');
    // Monday 00:00 + 4 weeks is that Monday itself.
    expect(earliestFreeWeek(new Date('2026-11-23T00:00:00Z'), 4).toISOString()).toBe('2026-12-21T00:00:00.000Z');
    expect(earliestFreeWeek(new Date('2026-11-23T00:00:01Z'), 0).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('takes the first week with a slot left', () => {
    const taken = new Map([
      ['2026-12-28', 10],
      ['2027-01-04', 9],
    ]);
    expect(firstWeekWithSlot(new Date('2026-12-28T00:00:00Z'), 10, taken)).toBe('2027-01-04');
    expect(firstWeekWithSlot(new Date('2026-12-28T00:00:00Z'), 9, taken)).toBe('2027-01-11');
    expect(firstWeekWithSlot(new Date('2026-12-28T00:00:00Z'), 11, taken)).toBe('2026-12-28');
  });

  it('checks daily before the week, hourly in it, never past the week start or end', () => {
    const week = '2026-12-28';
    expect(nextGateCheckDelay(at('2026-12-20T00:00:00Z'), week)).toBe(day);
    expect(nextGateCheckDelay(at('2026-12-27T20:00:00Z'), week)).toBe(4 * hour);
    expect(nextGateCheckDelay(at('2026-12-29T10:00:00Z'), week)).toBe(hour);
    expect(nextGateCheckDelay(at('2027-01-03T23:30:00Z'), week)).toBe(hour / 2);
  });

  it('decides each step of a free launch', () => {
    const week = '2026-12-28';
    const step = (now: string, gatesMet: boolean, missedWeeks = 0) =>
      freeLaunchStep({ nowMs: at(now), week, gatesMet, missedWeeks });
    expect(step('2026-12-01T00:00:00Z', true)).toEqual({ kind: 'schedule', untilMs: at('2026-12-28T00:00:00Z') });
    expect(step('2026-12-30T00:00:00Z', true)).toEqual({ kind: 'go_live' });
    expect(step('2026-12-01T00:00:00Z', false)).toEqual({ kind: 'wait', delayMs: day });
    expect(step('2027-01-04T00:00:00Z', false)).toEqual({ kind: 'move_week' });
    expect(step('2027-01-04T00:00:00Z', false, 1)).toEqual({ kind: 'move_week' });
    expect(step('2027-01-04T00:00:00Z', false, 2)).toEqual({ kind: 'back_to_draft' });
    // Met only once the week is over: the week was missed, but the listing moves on rather than back to draft.
    expect(step('2027-01-04T00:00:00Z', true, 2)).toEqual({ kind: 'move_week' });
  });

  it('awards the week that ended before the run was due', () => {
    expect(weekToAward(new Date('2026-11-30T00:05:00Z'))).toBe('2026-11-23');
    // A catch-up run days late still awards the week of its own slot.
    expect(weekToAward(new Date('2026-11-23T00:05:00Z'))).toBe('2026-11-16');
  });
});
