import { createHmac } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { voteRefusal } from '../domain/community.js';
import { judgeCast, networkPrefix, type DiscountReason, type VoteRulesConfig } from '../domain/vote-rules.js';
import type { ListingStatus } from '../domain/listing-status.js';
import { notFound } from '../errors.js';
import { findUserByEmail, type UserRow } from '../accounts/users.js';
import { liveSessionUser } from '../accounts/web-sessions.js';
import { isPublic } from '../catalogue/sql.js';
import { prepared, sql, type ReadPool, type WritePool } from '../platform/sql.js';
import { Vote } from '../entities/vote.js';
import { VoteVoid } from '../entities/vote-void.js';
import { refuseWith, type ToggleState } from './target.js';
import { countVoteVerdict } from '../platform/metrics.js';

/** The network a vote comes from as stored: a keyed hash of its /24 or /48 prefix, never the address. */
export function networkHash(address: string, key: string): string | null {
  const prefix = networkPrefix(address);
  return prefix ? createHmac('sha256', key).update(prefix).digest('hex').slice(0, 32) : null;
}

interface CastRow {
  id: number;
  status: ListingStatus;
  owner_id: number | null;
  vote_count: number;
  voted: boolean;
  cofounder_ids: number[];
  account_created_at: string;
  first_activity_at: string | null;
  voided: boolean;
  network_voters: number;
  cast_at: string;
}

/** A cast's voter (null without a live session) and, when the listing is public, what the instant rules need. */
export interface CastFacts {
  user: UserRow | null;
  facts: CastRow | null;
}

/**
 * The session cookie's person, checked as every signed-in request is (`liveSessionUser`), and
 * what the instant rules need to judge their cast, in one round trip. A prepared statement on the
 * read pool: PostgreSQL plans it once per connection instead of at every vote (planning cost
 * about four times its run).
 */
export async function castFacts(
  pool: ReadPool,
  siteId: number,
  slug: string,
  sessionToken: string | null,
  network: string | null,
): Promise<CastFacts> {
  const [row] = await prepared(
    pool,
    sql<CastRow & { user: UserRow | null }>`with viewer as (${liveSessionUser(sessionToken)})
     select (select row_to_json(v) from viewer v) as user, facts.* from (values (1)) one (x) left join lateral (
       select l.id, l.status, l.owner_id, l.vote_count,
         exists (select 1 from vote where listing_id = l.id and user_id = u.id) as voted,
         array(select f.user_id from listing_founder lf join founder f on f.id = lf.founder_id
               where lf.listing_id = l.id and f.user_id is not null) as cofounder_ids,
         u.created_at as account_created_at,
         least((select min(created_at) from vote where user_id = u.id), (select min(created_at) from follow where user_id = u.id),
               (select min(created_at) from review where user_id = u.id)) as first_activity_at,
         exists (select 1 from vote_void where user_id = u.id) as voided,
         (select count(*)::int from vote where listing_id = l.id and network_hash = ${network}
            and created_at > now() - interval '1 hour') as network_voters,
         now() as cast_at
       from listing l, app_user u
       where l.site_id = ${siteId} and l.slug = ${slug} and ${isPublic} and u.id = (select id from viewer)) facts on true`,
  );
  const { user, ...facts } = row;
  return { user, facts: facts.id === null ? null : facts };
}

/**
 * Casts a person's vote for a public listing (`facts` from `castFacts`, null when it is not
 * public). The vote is kept with the instant rules' verdict (counted, or discounted with a
 * reason); the same answer twice changes nothing; the listing's counted votes follow by trigger.
 */
export async function castVote(
  pool: WritePool,
  slug: string,
  facts: CastRow | null,
  userId: number,
  network: string | null,
  rules: VoteRulesConfig,
): Promise<ToggleState> {
  if (!facts) throw notFound(`Listing ${slug}`);
  if (facts.voted) return { on: true, count: facts.vote_count };
  refuseWith(voteRefusal({ status: facts.status, ownerId: facts.owner_id }, userId));
  const castAt = new Date(facts.cast_at);
  const reason = judgeCast(
    {
      voterId: userId,
      ownerId: facts.owner_id,
      cofounderIds: facts.cofounder_ids,
      accountCreatedAt: new Date(facts.account_created_at),
      firstActivityAt: facts.first_activity_at === null ? null : new Date(facts.first_activity_at),
      voided: facts.voided,
      earlierVotersFromNetworkInHour: facts.network_voters,
      castAt,
    },
    rules,
  );
  // A concurrent request may have added the vote since: theirs stands. On the pool of hot writes
  // (see openWritePool for why).
  const added = await prepared(
    pool,
    sql`insert into vote (listing_id, user_id, created_at, discount_reason, network_hash)
     values (${facts.id}, ${userId}, ${facts.cast_at}, ${reason}, ${network}) on conflict (listing_id, user_id) do nothing
     returning true as added`,
  );
  if (added.length) countVoteVerdict(reason, 'cast');
  return { on: true, count: facts.vote_count + (added.length && reason === null ? 1 : 0) };
}

/** Withdraws a person's vote for a public listing; a withdrawn vote leaves the ledger. One round trip, prepared. */
export async function withdrawVote(pool: WritePool, siteId: number, slug: string, userId: number): Promise<ToggleState> {
  const [row] = await prepared(
    pool,
    sql<{
      count: number;
    }>`with l as (select l.id, l.vote_count from listing l where l.site_id = ${siteId} and l.slug = ${slug} and ${isPublic}),
       gone as (delete from vote v using l where v.listing_id = l.id and v.user_id = ${userId} returning v.discount_reason)
     select l.vote_count - (select count(*)::int from gone where discount_reason is null) as count from l`,
  );
  if (!row) throw notFound(`Listing ${slug}`);
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
