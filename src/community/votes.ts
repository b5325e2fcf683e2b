import type { EntityManager } from '@mikro-orm/postgresql';
import { voteRefusal } from '../domain/community.js';
import { castVerdicts, type DiscountReason, type VoteRulesConfig } from '../domain/vote-rules.js';
import { notFound } from '../errors.js';
import { findUserByEmail } from '../accounts/users.js';
import { liveSessionUser, webSessionUser } from '../accounts/web-sessions.js';
import type { SessionPeople } from '../accounts/session-people.js';
import { isPublic } from '../catalogue/sql.js';
import { prepared, sql, type ReadPool, type WritePool } from '../platform/sql.js';
import { Vote } from '../entities/vote.js';
import { VoteVoid } from '../entities/vote-void.js';
import type { HourlyLimit } from '../platform/hourly-limit.js';
import { activeSinceOf, castFacts, networkHash } from './vote-facts.js';
import { refuseWith, type ToggleState } from './target.js';
import { countVoteVerdict } from '../platform/metrics.js';

/** What votes need from the api process, built once. */
export interface VoteDeps {
  readPool: ReadPool;
  /** The pool of hot writes (see openWritePool for why). */
  writePool: WritePool;
  siteId: number;
  rules: VoteRulesConfig;
  /** Keys the hash of voters' networks. */
  networkKey: string;
  /** The per-account budget that votes share with follows, reviews and reports (`community:<user id>`). */
  limit: HourlyLimit;
  /** Whose sessions this process saw, so that a withdrawal is one round trip. */
  sessionPeople: SessionPeople;
}

/** A person's vote form, its CSRF token already checked by the page. */
export interface VoteRequest {
  slug: string;
  /** The session cookie as sent, not yet checked. */
  sessionToken: string | null;
  /** The client's address, as the request gives it. */
  address: string;
}

/**
 * Casts a person's vote for a public listing, or answers null when the request has no live
 * session (the page sends a visitor to sign in). The vote is kept with the instant rules'
 * verdict (counted, or discounted with a reason); the same answer twice changes nothing; the
 * listing's counted votes follow by trigger.
 */
export async function castVote(deps: VoteDeps, request: VoteRequest): Promise<ToggleState | null> {
  const token = request.sessionToken;
  if (!token) return null;
  const { user, facts } = await castFacts(deps.readPool, deps.siteId, request.slug, token, deps.rules);
  if (!user) return null;
  deps.sessionPeople.remember(token, user.id);
  await deps.limit.consume([`community:${user.id}`]);
  if (!facts) throw notFound(`Listing ${request.slug}`);
  if (facts.voted) return { on: true, count: facts.vote_count };
  refuseWith(voteRefusal({ status: facts.status, ownerId: facts.owner_id }, user.id));
  const verdicts = castVerdicts(
    {
      voterId: user.id,
      ownerId: facts.owner_id,
      cofounderIds: facts.cofounder_ids,
      accountCreatedAt: new Date(facts.account_created_at),
      activeSince: activeSinceOf(facts.first_actions, deps.rules),
      voided: facts.voided,
      castAt: new Date(facts.cast_at),
    },
    deps.rules,
  );
  const network = networkHash(request.address, deps.networkKey);
  // vote_network_voters waits for the network's lock, so concurrent casts from it count each other.
  // A concurrent request of the same person may have added the vote since: theirs stands.
  const [added] = await prepared(
    deps.writePool,
    sql<{
      discount_reason: DiscountReason | null;
    }>`insert into vote (listing_id, user_id, created_at, discount_reason, network_hash)
     values (${facts.id}, ${user.id}, ${facts.cast_at},
       case when vote_network_voters(${facts.id}, ${network}) >= ${verdicts.beyondFrom} then ${verdicts.beyond} else ${verdicts.within} end,
       ${network})
     on conflict (listing_id, user_id) do nothing returning discount_reason`,
  );
  if (added) countVoteVerdict(added.discount_reason, 'cast');
  return { on: true, count: facts.vote_count + (added && added.discount_reason === null ? 1 : 0) };
}

/**
 * Withdraws a person's vote for a public listing (a withdrawn vote leaves the ledger), or answers
 * null when the request has no live session. One round trip once this process knows whose session
 * it is: the statement checks the session itself, as the cast's facts do.
 */
export async function withdrawVote(deps: VoteDeps, request: VoteRequest): Promise<ToggleState | null> {
  const token = request.sessionToken;
  if (!token) return null;
  let userId = deps.sessionPeople.get(token);
  if (userId === undefined) {
    userId = (await webSessionUser(deps.readPool, token))?.id;
    if (userId === undefined) return null;
    deps.sessionPeople.remember(token, userId);
  }
  await deps.limit.consume([`community:${userId}`]);
  const [row] = await prepared(
    deps.writePool,
    sql<{
      signed_in: boolean;
      count: number | null;
    }>`with viewer as (${liveSessionUser(token)}),
       l as (select l.id, l.vote_count from listing l where l.site_id = ${deps.siteId} and l.slug = ${request.slug} and ${isPublic}),
       gone as (delete from vote v using l where v.listing_id = l.id and v.user_id = (select id from viewer) returning v.discount_reason)
     select exists (select 1 from viewer) as signed_in,
       (select l.vote_count - (select count(*)::int from gone where discount_reason is null) from l) as count`,
  );
  if (!row.signed_in) return null;
  if (row.count === null) throw notFound(`Listing ${request.slug}`);
  return { on: false, count: row.count };
}

export interface VoidResult {
  email: string;
  listings: number;
}

/**
 * Discounts every vote of one person as `voided` (an operator's decision for a case the rules do
 * not catch) and records why and which listings lost a vote; the votes stay in the ledger, and
 * votes the person casts later are discounted too.
 */
export async function voidVotes(em: EntityManager, email: string, reason: string): Promise<VoidResult | undefined> {
  const user = await findUserByEmail(em, email);
  if (!user) return undefined;
  const voided: DiscountReason = 'voided';
  return em.transactional(async (tx) => {
    const votes = await tx.find(Vote, { userId: user.id }, { orderBy: { listingId: 'asc' } });
    const listingIds = votes.map((v) => v.listingId);
    await tx.nativeUpdate(Vote, { userId: user.id }, { discountReason: voided });
    tx.persist(tx.create(VoteVoid, { userId: user.id, email: user.email, reason, listingIds }));
    await tx.flush();
    return { email: user.email, listings: listingIds.length };
  });
}
