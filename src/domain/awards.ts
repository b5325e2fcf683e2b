import { addWeeks, isoDate, mondayOf } from './weeks.js';

/** What one run of the weekly awards did. */
export interface AwardedWeek {
  week: string;
  /** Awards written by this run; 0 when the week was awarded before. */
  written: number;
  /** Winners mailed by this run; each winner is mailed once, whichever run does it. */
  mailed: number;
}

/** The week a weekly-awards run scheduled at `scheduledAt` awards: the one that ended before it. */
export function weekToAward(scheduledAt: Date): string {
  return isoDate(addWeeks(mondayOf(scheduledAt), -1));
}
