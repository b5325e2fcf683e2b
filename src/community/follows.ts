import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { followRefusal } from '../domain/community.js';
import { Follow } from '../entities/follow.js';
import { query, sql } from '../platform/sql.js';
import { isPublic, summaryJson, withUrl, type Summary } from '../catalogue/sql.js';
import type { ListingSummary } from '../catalogue/schemas.js';
import { publicListing, refuseWith } from './target.js';

export interface FollowState {
  following: boolean;
  followers: number;
}

/**
 * Follows (wanted = true) or unfollows a public listing; the same answer twice changes nothing.
 * Followers are mailed the listing's updates posted after they followed (src/listings/updates.ts).
 */
export async function setFollow(
  em: EntityManager,
  siteId: number,
  slug: string,
  userId: number,
  wanted: boolean,
): Promise<FollowState> {
  return em.transactional(async (tx) => {
    const listing = await publicListing(tx, siteId, slug);
    const existing = await tx.findOne(Follow, { listingId: listing.id, userId });
    if (wanted && !existing) {
      refuseWith(followRefusal(listing));
      tx.persist(tx.create(Follow, { listingId: listing.id, userId }));
      try {
        await tx.flush();
      } catch (error) {
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
      }
    } else if (!wanted && existing) {
      await tx.remove(existing).flush();
    }
    const [row] = await query(tx, sql<{ n: number }>`select follower_count as n from listing where id = ${listing.id}`);
    return { following: wanted, followers: row.n };
  });
}

/** The public listings a person follows, most recently followed first. */
export async function followedListings(
  em: EntityManager,
  siteId: number,
  publicUrl: string,
  userId: number,
): Promise<ListingSummary[]> {
  const rows = await query(
    em,
    sql<{ item: Summary }>`select ${summaryJson} as item from follow f join listing l on l.id = f.listing_id
     where f.user_id = ${userId} and l.site_id = ${siteId} and ${isPublic}
     order by f.created_at desc, l.id limit 200`,
  );
  return rows.map((r) => withUrl(r.item, publicUrl));
}
