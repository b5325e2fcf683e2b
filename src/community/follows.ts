import type { EntityManager } from '@mikro-orm/postgresql';
import { followRefusal } from '../domain/community.js';
import { Follow } from '../entities/follow.js';
import { query, sql } from '../platform/sql.js';
import { isPublic, summaryJson, withUrl, type Summary } from '../catalogue/sql.js';
import type { ListingSummary } from '../catalogue/schemas.js';
import { setToggle, type Toggle, type ToggleState } from './target.js';

/**
 * Following a public listing (setToggle): its followers are mailed the updates posted after they
 * followed (src/listings/follower-mail.ts).
 */
const followToggle: Toggle = {
  entity: Follow,
  refusal: (listing) => followRefusal(listing),
  counter: 'follower_count',
};

/** Follows a public listing (wanted) or stops following it. */
export async function setFollow(
  em: EntityManager,
  siteId: number,
  slug: string,
  userId: number,
  wanted: boolean,
): Promise<ToggleState> {
  return setToggle(em, siteId, slug, userId, wanted, followToggle);
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
