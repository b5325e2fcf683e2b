import type { EntityManager } from '@mikro-orm/postgresql';
import { voteRefusal } from '../domain/community.js';
import { Vote } from '../entities/vote.js';
import { VoteVoid } from '../entities/vote-void.js';
import { findUserByEmail } from '../accounts/users.js';
import { query, sql } from '../platform/sql.js';
import { publicListing, setPersonRow, type ToggleState } from './target.js';

/**
 * Casts (wanted = true) or withdraws a person's vote. Saying the same twice changes nothing, so a
 * form sent again or two clicks at once never make a second vote. The listing's counter follows
 * by trigger.
 */
export async function setVote(
  em: EntityManager,
  siteId: number,
  slug: string,
  userId: number,
  wanted: boolean,
): Promise<ToggleState> {
  return em.transactional(async (tx) => {
    const listing = await publicListing(tx, siteId, slug);
    await setPersonRow(tx, Vote, { listingId: listing.id, userId }, wanted, () => voteRefusal(listing, userId));
    return { on: wanted, count: await voteCount(tx, listing.id) };
  });
}

async function voteCount(em: EntityManager, listingId: number): Promise<number> {
  const [row] = await query(em, sql<{ n: number }>`select vote_count as n from listing where id = ${listingId}`);
  return row.n;
}

export interface VoidResult {
  email: string;
  listings: number;
}

/**
 * Removes every vote of one person (an operator's decision, e.g. a vote ring) and records why and
 * which listings lost a vote; counters, weekly boards and future awards follow the remaining rows.
 */
export async function voidVotes(em: EntityManager, email: string, reason: string): Promise<VoidResult | undefined> {
  const user = await findUserByEmail(em, email);
  if (!user) return undefined;
  return em.transactional(async (tx) => {
    const votes = await tx.find(Vote, { userId: user.id });
    const listingIds = votes.map((v) => v.listingId);
    await tx.nativeDelete(Vote, { userId: user.id });
    tx.persist(tx.create(VoteVoid, { userId: user.id, email: user.email, reason, listingIds }));
    await tx.flush();
    return { email: user.email, listings: listingIds.length };
  });
}
