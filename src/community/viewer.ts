import { prepared, sql, type ReadPool } from '../platform/sql.js';
import { liveSessionUser, type SessionUser } from '../accounts/web-sessions.js';
import type { ReviewRow } from './reviews.js';

export interface ViewerState {
  voted: boolean;
  following: boolean;
  /** The person owns the listing (they cannot vote for it; their review is not counted). */
  owner: boolean;
  /** The counters as they are now, not as a cached profile last saw them. */
  votes: number;
  followers: number;
}

/** What a listing's page shows beside its profile: its reader (null for a visitor), their buttons' state, the reviews. */
export interface ListingPageState extends ViewerState {
  user: SessionUser | null;
  reviews: ReviewRow[];
  /** Restricted by a moderation decision: the page stays, with a notice, but no list shows it. */
  restricted: boolean;
}

/**
 * A listing page's live part in one round trip: the session cookie's person, checked as every
 * signed-in request is (`liveSessionUser`), what they have done to the listing, and the reviews,
 * theirs first. A hot read: prepared, on the read pool.
 */
export async function listingPageState(
  pool: ReadPool,
  listingId: number,
  sessionToken: string | null,
  reviewLimit = 50,
): Promise<ListingPageState> {
  const [row] = await prepared(
    pool,
    sql<ListingPageState>`with viewer as (${liveSessionUser(sessionToken)})
     select (select row_to_json(v) from viewer v) as user,
       exists (select 1 from vote where listing_id = l.id and user_id = (select id from viewer)) as voted,
       exists (select 1 from follow where listing_id = l.id and user_id = (select id from viewer)) as following,
       coalesce(l.owner_id = (select id from viewer), false) as owner, l.vote_count as votes, l.follower_count as followers,
       l.restricted,
       (select coalesce(json_agg(json_build_object('id', r.id, 'rating', r.rating, 'body', r.body, 'author', r.author,
               'by_owner', r.by_owner, 'flagged', r.flagged, 'mine', r.mine, 'updated_at', iso_utc(r.updated_at))
             order by r.mine desc, r.updated_at desc, r.id desc), '[]')
        from (select r.id, r.rating, r.body, coalesce(nullif(u.name, ''), 'A member') as author,
                r.user_id is not distinct from l.owner_id as by_owner, r.flagged,
                coalesce(r.user_id = (select id from viewer), false) as mine, r.updated_at
              from review r join app_user u on u.id = r.user_id where r.listing_id = l.id and not r.hidden
              order by mine desc, r.updated_at desc, r.id desc limit ${reviewLimit}) r) as reviews
     from listing l where l.id = ${listingId}`,
  );
  return row;
}
