import type { EntityManager } from '@mikro-orm/postgresql';
import {
  findBursts,
  findRings,
  isActiveAt,
  judgeCast,
  reviewVerdicts,
  ringWindowStart,
  voteKey,
  type DiscountReason,
  type ReviewedVote,
  type VoteCluster,
  type VoteRulesConfig,
} from '../domain/vote-rules.js';
import { addWeeks, mondayOf, parseIsoDate, utcDayStart } from '../domain/weeks.js';
import { AppError } from '../errors.js';
import { execute, query, sql } from '../platform/sql.js';
import { activeSinceOf, firstActions, type FirstActions } from './vote-facts.js';

/** A cluster as the review keeps it: listings by slug, accounts by id for the site team only. */
export interface StoredCluster {
  reason: VoteCluster['reason'];
  size: number;
  listings: string[];
  userIds: number[];
  hour?: string;
}

/** What one review pass of a launch week found and did. */
export interface VoteReviewPass {
  week: string;
  final: boolean;
  reviewedAt: string;
  votes: number;
  /** Votes whose verdict this pass changed. */
  changed: number;
  clusters: StoredCluster[];
}

/** The Monday of a week written YYYY-MM-DD, or a 400. */
export function parseReviewWeek(week: string): Date {
  const monday = parseIsoDate(week);
  if (!monday || mondayOf(monday).getTime() !== monday.getTime()) {
    throw new AppError('invalid_input', `${week} is not a Monday written YYYY-MM-DD.`);
  }
  return monday;
}

interface VoteRow {
  listing_id: number;
  user_id: number;
  created_at: string;
  discount_reason: DiscountReason | null;
  owner_id: number | null;
  cofounder_ids: number[];
  account_created_at: string;
  voided: boolean;
  network_voters: number;
}

/**
 * One review pass over the votes cast in a launch week: every vote is judged again by the instant
 * rules on today's facts (an owner may have claimed the listing since) and by the pattern rules:
 * bursts over the week, rings over the `ringWindowWeeks` before it (a ring that adds a few
 * accounts a week is one ring). Changed verdicts are written, the listings' ledgers marked
 * reviewed, and the pass kept with its clusters. The pass after the week's end is final, and the
 * awards wait for it. Safe to repeat.
 */
export async function reviewVotes(
  em: EntityManager,
  week: string,
  rules: VoteRulesConfig,
  now = new Date(),
): Promise<VoteReviewPass> {
  const monday = parseReviewWeek(week);
  const end = addWeeks(monday, 1);
  if (now.getTime() < monday.getTime()) throw new AppError('invalid_input', `The week of ${week} has not started yet.`);
  const final = now.getTime() >= end.getTime();
  const until = final ? end : now;
  const from = ringWindowStart(until, rules);
  return em.transactional(async (tx) => {
    const voters = await query(
      tx,
      sql<{
        user_id: number;
        first_actions: FirstActions;
      }>`select u.id as user_id, ${firstActions(sql.raw('u.id'), rules)} as first_actions
       from app_user u where u.id in (select user_id from vote
         where created_at >= ${from.toISOString()}::timestamptz and created_at < ${utcDayStart(end)}::timestamptz)`,
    );
    const since = new Map(voters.map((v) => [v.user_id, activeSinceOf(v.first_actions, rules)]));
    const activeSince = (userId: number) => since.get(userId) ?? null;
    const rows = await query(
      tx,
      sql<VoteRow>`select v.listing_id, v.user_id, v.created_at, v.discount_reason, l.owner_id,
         array(select f.user_id from listing_founder lf join founder f on f.id = lf.founder_id
               where lf.listing_id = v.listing_id and f.user_id is not null) as cofounder_ids,
         u.created_at as account_created_at,
         exists (select 1 from vote_void where user_id = v.user_id and created_at <= v.created_at) as voided,
         (select count(*)::int from vote o where o.listing_id = v.listing_id and o.network_hash = v.network_hash
            and o.created_at > v.created_at - interval '1 hour' and (o.created_at, o.user_id) < (v.created_at, v.user_id)) as network_voters
       from vote v join listing l on l.id = v.listing_id join app_user u on u.id = v.user_id
       where v.created_at >= ${utcDayStart(monday)}::timestamptz and v.created_at < ${utcDayStart(end)}::timestamptz
       for update of v`,
    );
    const votes: ReviewedVote[] = rows.map((r) => {
      const castAt = new Date(r.created_at);
      const accountCreatedAt = new Date(r.account_created_at);
      const facts = {
        voterId: r.user_id,
        ownerId: r.owner_id,
        cofounderIds: r.cofounder_ids,
        accountCreatedAt,
        activeSince: activeSince(r.user_id),
        voided: r.voided,
        earlierVotersFromNetworkInHour: r.network_voters,
        castAt,
      };
      return {
        listingId: r.listing_id,
        userId: r.user_id,
        castAt,
        accountCreatedAt,
        activeSince: facts.activeSince,
        reason: r.discount_reason,
        instantReason: judgeCast(facts, rules),
      };
    });
    // The ring needs the window's votes only of the accounts whose activity did not count all along.
    const idle = voters.map((v) => v.user_id).filter((id) => !isActiveAt(activeSince(id), from));
    const windowVotes = await query(
      tx,
      sql<{ listing_id: number; user_id: number; created_at: string }>`select listing_id, user_id, created_at from vote
       where created_at >= ${from.toISOString()}::timestamptz and created_at < ${until.toISOString()}::timestamptz
         and user_id = any(${sql.array(idle, 'int')})`,
    );
    const ringVotes = windowVotes.map((v) => ({
      listingId: v.listing_id,
      userId: v.user_id,
      castAt: new Date(v.created_at),
      activeSince: activeSince(v.user_id),
    }));
    const clusters = [...findRings(ringVotes, until, rules), ...findBursts(votes, monday, until, rules)];
    const verdicts = reviewVerdicts(votes, clusters);
    const changes = votes
      .filter((v) => verdicts.get(voteKey(v)) !== v.reason)
      .map((v) => ({ listing_id: v.listingId, user_id: v.userId, reason: verdicts.get(voteKey(v)) ?? null }));
    // One statement for every changed verdict; the vote trigger keeps each listing's ledger numbers right.
    if (changes.length) {
      await execute(
        tx,
        sql`update vote v set discount_reason = c.reason from json_to_recordset(${sql.json(changes)}::json)
            as c(listing_id int, user_id int, reason varchar(20)) where v.listing_id = c.listing_id and v.user_id = c.user_id`,
      );
    }
    const listingIds = [...new Set(votes.map((v) => v.listingId))];
    const slugs = await query(
      tx,
      sql<{
        id: number;
        slug: string;
      }>`update listing set votes_reviewed_at = ${now} where id = any(${sql.array(listingIds, 'int')}) returning id, slug`,
    );
    const slugOf = new Map(slugs.map((s) => [s.id, s.slug]));
    const stored: StoredCluster[] = clusters.map((c) => ({
      reason: c.reason,
      size: c.userIds.length,
      listings: c.listingIds.map((id) => slugOf.get(id) ?? String(id)),
      userIds: c.userIds,
      ...(c.hour ? { hour: c.hour.toISOString() } : {}),
    }));
    await execute(
      tx,
      sql`insert into vote_review (week, reviewed_at, final, clusters) values (${week}::date, ${now}, ${final}, ${sql.json(stored)}::jsonb)
        on conflict (week) do update set reviewed_at = excluded.reviewed_at, final = vote_review.final or excluded.final, clusters = excluded.clusters`,
    );
    return { week, final, reviewedAt: now.toISOString(), votes: votes.length, changed: changes.length, clusters: stored };
  });
}

/** Whether the week's final review pass has run: the awards of a week wait for it. */
export async function voteReviewIsFinal(em: EntityManager, week: string): Promise<boolean> {
  const [row] = await query(em, sql<{ final: boolean }>`select final from vote_review where week = ${week}::date`);
  return row?.final ?? false;
}
