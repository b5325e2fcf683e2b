import { createHmac } from 'node:crypto';
import { activeSince, firstActionsPerKind, networkPrefix, type VoteRulesConfig } from '../domain/vote-rules.js';
import type { ListingStatus } from '../domain/listing-status.js';
import type { UserRow } from '../accounts/users.js';
import { liveSessionUser } from '../accounts/web-sessions.js';
import { isPublic } from '../catalogue/sql.js';
import { prepared, sql, type ReadPool, type Sql } from '../platform/sql.js';

/** The network a vote comes from as stored: a keyed hash of its /24 or /48 prefix, never the address. */
export function networkHash(address: string, key: string): string | null {
  const prefix = networkPrefix(address);
  return prefix ? createHmac('sha256', key).update(prefix).digest('hex').slice(0, 32) : null;
}

/** An account's oldest votes, follows and reviews as `[listing id, time]`, as the statements below load them. */
export type FirstActions = [number, string][];

/**
 * The oldest votes, follows and reviews of the account in the column `userId`, as many of each as
 * `activeSince` needs: one index probe per kind (by person and time), whatever the account did since.
 */
export function firstActions(userId: Sql, rules: VoteRulesConfig): Sql {
  const perKind = firstActionsPerKind(rules);
  return sql`(select coalesce(json_agg(json_build_array(a.listing_id, a.created_at)), '[]') from (
      (select listing_id, created_at from vote where user_id = ${userId} order by created_at limit ${perKind})
      union all (select listing_id, created_at from follow where user_id = ${userId} order by created_at limit ${perKind})
      union all (select listing_id, created_at from review where user_id = ${userId} order by created_at limit ${perKind})) a)`;
}

/** When the account's activity started to count, from its `firstActions`. */
export function activeSinceOf(actions: FirstActions | null, rules: VoteRulesConfig): Date | null {
  return (
    actions &&
    activeSince(
      actions.map(([listingId, at]) => ({ listingId, at: new Date(at) })),
      rules,
    )
  );
}

export interface CastRow {
  id: number;
  status: ListingStatus;
  owner_id: number | null;
  vote_count: number;
  voted: boolean;
  cofounder_ids: number[];
  account_created_at: string;
  /** Null for an account old enough that its activity cannot change the verdict. */
  first_actions: FirstActions | null;
  voided: boolean;
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
 * about four times its run). The network's voters are counted by the write, under its lock.
 */
export async function castFacts(
  pool: ReadPool,
  siteId: number,
  slug: string,
  sessionToken: string | null,
  rules: VoteRulesConfig,
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
         -- Only a young account's activity can change the verdict (the new-account rule).
         case when u.created_at > now() - ${rules.minAccountAgeHours}::float8 * interval '1 hour'
           then ${firstActions(sql.raw('u.id'), rules)} end as first_actions,
         exists (select 1 from vote_void where user_id = u.id) as voided,
         now() as cast_at
       from listing l, app_user u
       where l.site_id = ${siteId} and l.slug = ${slug} and ${isPublic} and u.id = (select id from viewer)) facts on true`,
  );
  const { user, ...facts } = row;
  return { user, facts: facts.id === null ? null : facts };
}
