import type { EntityManager } from '@mikro-orm/postgresql';
import { followRefusal } from '../domain/community.js';
import { Follow } from '../entities/follow.js';
import { query, sql } from '../platform/sql.js';
import { isPublic, summaryJson, withUrl, type Summary } from '../catalogue/sql.js';
import type { ListingSummary } from '../catalogue/schemas.js';
import { publicListing, setPersonRow, type ToggleState } from './target.js';

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
): Promise<ToggleState> {
  return em.transactional(async (tx) => {
    const listing = await publicListing(tx, siteId, slug);
    await setPersonRow(tx, Follow, { listingId: listing.id, userId }, wanted, () => followRefusal(listing));
    const [row] = await query(tx, sql<{ n: number }>`select follower_count as n from listing where id = ${listing.id}`);
    return { on: wanted, count: row.n };
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
