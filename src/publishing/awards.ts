import type { EntityManager } from '@mikro-orm/postgresql';
import { writeWeeklyAwards } from '../catalogue/awards.js';
import type { AwardedWeek } from '../domain/awards.js';
import { mondayOf, parseIsoDate } from '../domain/weeks.js';
import { AppError } from '../errors.js';
import type { Mailer } from '../mail/index.js';
import { query, sql } from '../platform/sql.js';
import { noticeOwner } from './notices.js';
import { voteReviewIsFinal } from '../community/vote-review.js';

/**
 * The weekly-awards step: Launch of the Week #1-#3 of a week that has ended and whose votes had
 * their final review, on every site, written once, and each winner's owner mailed once. Safe to repeat.
 */
export async function awardWeek(
  em: EntityManager,
  mailer: Mailer,
  publicUrl: string,
  week: string,
  now = new Date(),
): Promise<AwardedWeek> {
  const monday = parseIsoDate(week);
  if (!monday || mondayOf(monday).getTime() !== monday.getTime()) {
    throw new AppError('invalid_input', `${week} is not a Monday written YYYY-MM-DD.`);
  }
  if (monday.getTime() >= mondayOf(now).getTime()) {
    throw new AppError('invalid_input', `The week of ${week} has not ended yet: awards follow the votes of a whole week.`);
  }
  if (!(await voteReviewIsFinal(em, week))) {
    throw new AppError(
      'conflict',
      `The votes of the week of ${week} have not had their final review yet: run votes review --week ${week}.`,
    );
  }
  let written = 0;
  for (const site of await query(em, sql<{ id: number }>`select id from site order by id`)) {
    written += await writeWeeklyAwards(em, site.id, monday);
  }
  const winners = await query(
    em,
    sql<{ listing_id: number }>`select listing_id from award where week = ${week}::date order by site_id, rank`,
  );
  let mailed = 0;
  for (const winner of winners) {
    if (await noticeOwner(em, mailer, publicUrl, { listingId: winner.listing_id, kind: 'award', week })) mailed++;
  }
  return { week, written, mailed };
}
