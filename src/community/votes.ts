import type { EntityManager } from '@mikro-orm/postgresql';
import { voteRefusal } from '../domain/community.js';
import { castVerdicts, type DiscountReason, type VoteRulesConfig } from '../domain/vote-rules.js';
import { notFound } from '../errors.js';
import { findUserByEmail } from '../accounts/users.js';
import { isPublic } from '../catalogue/sql.js';
import { prepared, sql, type WritePool } from '../platform/sql.js';
import { Vote } from '../entities/vote.js';
import { VoteVoid } from '../entities/vote-void.js';
import { activeSinceOf, type CastRow } from './vote-facts.js';
import { refuseWith, type ToggleState } from './target.js';

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
  const verdicts = castVerdicts(
    {
      voterId: userId,
      ownerId: facts.owner_id,
      cofounderIds: facts.cofounder_ids,
      accountCreatedAt: new Date(facts.account_created_at),
      activeSince: activeSinceOf(facts.first_actions, rules),
      voided: facts.voided,
      castAt: new Date(facts.cast_at),
    },
    rules,
  );
  // vote_network_voters waits for the network's lock, so concurrent casts from it count each other.
  // A concurrent request of the same person may have added the vote since: theirs stands. On the
  // pool of hot writes (see openWritePool for why).
  const [added] = await prepared(
    pool,
    sql<{
      discount_reason: DiscountReason | null;
    }>`insert into vote (listing_id, user_id, created_at, discount_reason, network_hash)
     values (${facts.id}, ${userId}, ${facts.cast_at},
       case when vote_network_voters(${facts.id}, ${network}) >= ${verdicts.beyondFrom} then ${verdicts.beyond} else ${verdicts.within} end,
       ${network})
     on conflict (listing_id, user_id) do nothing returning discount_reason`,
  );
  return { on: true, count: facts.vote_count + (added && added.discount_reason === null ? 1 : 0) };
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
