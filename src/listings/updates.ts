import type { EntityManager } from '@mikro-orm/postgresql';
import { isPublic, listingUrl, unrestricted } from '../catalogue/sql.js';
import { Listing } from '../entities/listing.js';
import { ListingUpdate } from '../entities/listing-update.js';
import { updateMailOf, type UpdateMail } from '../domain/update-mail.js';
import { goPath } from '../domain/analytics.js';
import { notFound } from '../errors.js';
import { query, sql } from '../platform/sql.js';

/** Lock key for a listing's update mails (first half of a two-part advisory lock; the listing id is the second). */
const updateMailLock = 7_331_003;

/** A posted update, as post_listing_update answers it and the feeds show it. */
export interface PostedUpdate {
  id: number;
  listing: { id: number; slug: string; name: string };
  title: string;
  body: string;
  posted_at: Date;
  url: string;
  followers_to_tell: number;
  followers_mailed: boolean;
  next_mail_at: Date | null;
}

/**
 * post_listing_update: stores the update on one of the owner's listings (shown on it and in the
 * latest-updates feed at once), decides whether its followers are mailed (at most `mailsPerDay`
 * updates of a listing in any 24 hours are) and counts those it will be mailed to: the followers
 * when it was posted. The caller starts the notice lifecycle for a mailed update once this has
 * committed. Kept under the request's Idempotency-Key when it has one: a retry of a request whose
 * answer was lost after its commit gets that update, answered as it was, instead of a second one.
 */
export async function postListingUpdate(
  em: EntityManager,
  publicUrl: string,
  mailsPerDay: number,
  ownerId: number,
  listingId: number,
  input: { title: string; body: string },
  requestKey?: string,
): Promise<PostedUpdate> {
  return em.transactional(async (tx) => {
    const listing = await tx.findOne(Listing, { id: listingId, ownerId });
    if (!listing) throw notFound(`Listing ${listingId}`);
    // Concurrent posts (from any api process) are decided one after the other, a retry's included.
    await query(tx, sql`select pg_advisory_xact_lock(${updateMailLock}, ${listing.id})`);
    const earlier = requestKey ? await tx.findOne(ListingUpdate, { listing, requestKey }) : null;
    const { now, mail } = await updateMail(tx, listing.id, mailsPerDay, earlier);
    const update =
      earlier ??
      tx.create(ListingUpdate, {
        listing,
        title: input.title,
        body: input.body,
        createdAt: now,
        followersMailed: mail.mailed,
        requestKey: requestKey ?? null,
      });
    await tx.flush();
    const [{ n }] = update.followersMailed
      ? await query(
          tx,
          sql<{ n: number }>`select count(*)::int as n from follow where listing_id = ${listing.id} and created_at <= ${now}`,
        )
      : [{ n: 0 }];
    return {
      id: update.id,
      listing: { id: listing.id, slug: listing.slug, name: listing.name },
      title: update.title,
      body: update.body,
      posted_at: update.createdAt,
      url: listingUrl(publicUrl, listing.slug),
      followers_to_tell: n,
      followers_mailed: update.followersMailed,
      next_mail_at: mail.mailed ? null : mail.nextMailAt,
    };
  });
}

/**
 * Whether an update posted now is mailed, from the listing's updates mailed in the 24 hours
 * before (counted under the caller's lock), or, for an `earlier` update, as it was decided when
 * it was posted. `now` is the database's, the update's time, so every process reads one clock.
 */
async function updateMail(
  tx: EntityManager,
  listingId: number,
  mailsPerDay: number,
  earlier: { id: number; createdAt: Date } | null,
): Promise<{ now: Date; mail: UpdateMail }> {
  const at = earlier ? sql`${earlier.createdAt}::timestamptz` : sql`now()`;
  const [recent] = await query(
    tx,
    sql<{ now: Date; mailed: number; oldest_at: Date | null }>`select ${at} as now, count(*)::int as mailed,
       min(created_at) as oldest_at from listing_update
     where listing_id = ${listingId} and followers_mailed and created_at > ${at} - interval '1 day'
       ${earlier ? sql`and id < ${earlier.id}` : sql``}`,
  );
  const oldestAt = recent.oldest_at && new Date(recent.oldest_at);
  return { now: new Date(recent.now), mail: updateMailOf({ mailed: recent.mailed, oldestAt }, mailsPerDay) };
}

export interface FeedEntry {
  id: number;
  title: string;
  body: string;
  posted_at: string;
  /** `visit_url`: the listing's website through /go, counted as a click from the feed; null without a website. */
  listing: { slug: string; name: string; url: string; visit_url: string | null };
}

/** The latest updates of the site's visible listings, newest first: the public feed and its Atom version. */
export async function latestUpdates(em: EntityManager, siteId: number, publicUrl: string, limit: number): Promise<FeedEntry[]> {
  const rows = await query(
    em,
    sql<
      Omit<FeedEntry, 'listing'> & { slug: string; name: string; has_website: boolean }
    >`select lu.id, lu.title, lu.body, iso_utc(lu.created_at) as posted_at, l.slug, l.name, l.website_url is not null as has_website
     from listing_update lu join listing l on l.id = lu.listing_id
     where l.site_id = ${siteId} and ${isPublic} and ${unrestricted} and not lu.hidden
     order by lu.created_at desc, lu.id desc limit ${limit}`,
  );
  return rows.map(({ slug, name, has_website, ...entry }) => ({
    ...entry,
    listing: {
      slug,
      name,
      url: listingUrl(publicUrl, slug),
      visit_url: has_website ? `${publicUrl}${goPath(slug, 'feed')}` : null,
    },
  }));
}
