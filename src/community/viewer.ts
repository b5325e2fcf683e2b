import { prepared, sql, type ReadPool } from '../platform/sql.js';

export interface ViewerState {
  voted: boolean;
  following: boolean;
  /** The person owns the listing (they cannot vote for it; their review is not counted). */
  owner: boolean;
  /** The counters as they are now, not as a cached profile last saw them. */
  votes: number;
  followers: number;
}

/** What a signed-in person has done to a listing, for its page's buttons (a hot read: prepared, on the read pool). */
export async function viewerState(pool: ReadPool, listingId: number, userId: number): Promise<ViewerState> {
  const [row] = await prepared(
    pool,
    sql<ViewerState>`select exists (select 1 from vote where listing_id = l.id and user_id = ${userId}) as voted,
       exists (select 1 from follow where listing_id = l.id and user_id = ${userId}) as following,
       l.owner_id is not distinct from ${userId}::int as owner, l.vote_count as votes, l.follower_count as followers
     from listing l where l.id = ${listingId}`,
  );
  return row;
}
