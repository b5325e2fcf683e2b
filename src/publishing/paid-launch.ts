import type { EntityManager } from '@mikro-orm/postgresql';
import { mondayOf, isoDate, parseIsoDate } from '../domain/weeks.js';
import { AppError, notFound } from '../errors.js';
import { listingClaimant, refuseSecondPublicListing } from '../listings/one-per-domain.js';
import { execute, query, sql } from '../platform/sql.js';

/**
 * What a paid launch of the listing `slug` starts with: its id and owner, and the week (snapped to
 * its Monday; null for at once, also when the week named is this one). A listing already live, or
 * rejected or archived, or on a domain another public listing holds, cannot be launched; a week in
 * the past is refused.
 */
export async function paidLaunchOf(
  em: EntityManager,
  publicUrl: string,
  siteId: number,
  slug: string,
  week: string | undefined,
  now: Date,
): Promise<{ listingId: number; ownerId: number; week: string | null }> {
  const [listing] = await query(
    em,
    sql<{
      id: number;
      owner_id: number | null;
      status: string;
      domain: string | null;
    }>`select id, owner_id, status, domain from listing where site_id = ${siteId} and slug = ${slug}`,
  );
  if (!listing) throw notFound(`Listing ${slug}`);
  if (listing.owner_id === null) throw new AppError('conflict', `${slug} has no owner to launch it for.`);
  if (!['draft', 'awaiting_badge', 'scheduled'].includes(listing.status)) {
    throw new AppError('conflict', `${slug} is ${listing.status}: only a listing not yet published can be launched.`);
  }
  await refuseSecondPublicListing(em, publicUrl, listingClaimant({ ...listing, siteId }), 'slug');
  if (week === undefined) return { listingId: listing.id, ownerId: listing.owner_id, week: null };
  const date = parseIsoDate(week);
  if (!date) throw new AppError('invalid_input', `--week takes a date written YYYY-MM-DD, not ${week}.`);
  const monday = mondayOf(date);
  if (monday.getTime() < mondayOf(now).getTime()) throw new AppError('invalid_input', `The week of ${isoDate(monday)} is over.`);
  return {
    listingId: listing.id,
    ownerId: listing.owner_id,
    week: monday.getTime() === mondayOf(now).getTime() ? null : isoDate(monday),
  };
}

/** Records the operator's paid launch of a listing, the fact its launch lifecycle looks for (see `owedPaidLaunch`). */
export async function grantPaidLaunch(em: EntityManager, listingId: number, week: string | null): Promise<void> {
  await execute(em, sql`insert into launch_grant (listing_id, week) values (${listingId}, ${week}::date)`);
}

/**
 * The paid launch owed to a listing, as PostgreSQL records it: the launch line of a paid (or
 * fulfilled) order for it, or an operator's grant, the latest first. Its week is null for at
 * once; answers null when nothing was bought, whatever a signal claimed.
 */
export async function owedPaidLaunch(em: EntityManager, listingId: number): Promise<{ week: string | null } | null> {
  const [owed] = await query(
    em,
    sql<{ week: string | null }>`select week from (
       select l.options->>'week' as week, o.paid_at as at from order_line l join orders o on o.id = l.order_id
        where l.listing_id = ${listingId} and l.product_key = 'launch' and o.status in ('paid', 'fulfilled')
       union all
       select to_char(week, 'YYYY-MM-DD'), granted_at from launch_grant where listing_id = ${listingId}
     ) owed order by at desc nulls last limit 1`,
  );
  return owed ? { week: owed.week } : null;
}
