import type { EntityManager } from '@mikro-orm/postgresql';
import { voteRefusal } from '../domain/community.js';
import { Vote } from '../entities/vote.js';
import { VoteVoid } from '../entities/vote-void.js';
import { findUserByEmail } from '../accounts/users.js';
import type { Toggle } from './target.js';

/** A community vote (setToggle): only while live, never for one's own listing, one per person. */
export const voteToggle: Toggle = {
  entity: Vote,
  refusal: (listing, userId) => voteRefusal(listing, userId),
  counter: 'vote_count',
};

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
