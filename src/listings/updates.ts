import type { EntityManager } from '@mikro-orm/postgresql';
import { isPublic, listingUrl, unrestricted } from '../catalogue/sql.js';
import { Listing } from '../entities/listing.js';
import { ListingUpdate } from '../entities/listing-update.js';
import { notFound } from '../errors.js';
import type { Mailer } from '../mail/index.js';
import { query, sql } from '../platform/sql.js';

/** A posted update, as post_listing_update answers it and the feeds show it. */
export interface PostedUpdate {
  id: number;
  listing: { id: number; slug: string; name: string };
  title: string;
  body: string;
  posted_at: Date;
  url: string;
  followers_to_tell: number;
}

/**
 * post_listing_update: stores the update on one of the owner's listings (shown on it and in the
 * latest-updates feed at once) and counts the followers it will be mailed to: those following
 * when it was posted. The caller starts the notice lifecycle once this has committed.
 */
export async function postListingUpdate(
  em: EntityManager,
  publicUrl: string,
  ownerId: number,
  listingId: number,
  input: { title: string; body: string },
): Promise<PostedUpdate> {
  return em.transactional(async (tx) => {
    const listing = await tx.findOne(Listing, { id: listingId, ownerId });
    if (!listing) throw notFound(`Listing ${listingId}`);
    const update = tx.create(ListingUpdate, { listing, title: input.title, body: input.body, createdAt: new Date() });
    await tx.flush();
    const [{ n }] = await query(
      tx,
      sql<{
        n: number;
      }>`select count(*)::int as n from follow where listing_id = ${listing.id} and created_at <= ${update.createdAt}`,
    );
    return {
      id: update.id,
      listing: { id: listing.id, slug: listing.slug, name: listing.name },
      title: update.title,
      body: update.body,
      posted_at: update.createdAt,
      url: listingUrl(publicUrl, listing.slug),
      followers_to_tell: n,
    };
  });
}

export interface FollowerBatch {
  /** The last follower of this batch, where the next batch starts; null when there was none. */
  lastUserId: number | null;
  told: number;
  done: boolean;
}

interface Recipient {
  user_id: number;
  email: string;
  listing_name: string;
  listing_slug: string;
  site_name: string;
  title: string;
  body: string;
}

/**
 * Mails the next `limit` followers (by user id, after `after`) of the update's listing who followed
 * before it was posted. Each mail is stored with the record that it was sent in one transaction,
 * so a retried batch (a worker killed mid-way) skips whoever was already told and nobody is mailed
 * twice; with SMTP the record commits right after the server accepted the mail.
 */
export async function tellFollowerBatch(
  em: EntityManager,
  mailer: Mailer,
  publicUrl: string,
  updateId: number,
  after: number,
  limit: number,
): Promise<FollowerBatch> {
  const recipients = await query(
    em,
    sql<Recipient>`select f.user_id, u.email, l.name as listing_name, l.slug as listing_slug, s.name as site_name, lu.title, lu.body
     from listing_update lu join listing l on l.id = lu.listing_id join site s on s.id = l.site_id
     join follow f on f.listing_id = lu.listing_id and f.created_at <= lu.created_at
     join app_user u on u.id = f.user_id
     where lu.id = ${updateId} and f.user_id > ${after}
     order by f.user_id limit ${limit}`,
  );
  for (const recipient of recipients) {
    await em.fork().transactional(async (tx) => {
      const [claimed] = await query(
        tx,
        sql`insert into listing_update_delivery (update_id, user_id) values (${updateId}, ${recipient.user_id})
         on conflict do nothing returning user_id`,
      );
      // Told already, by an attempt whose result was lost (a worker killed after the commit).
      if (!claimed) return;
      await mailer.send(followerMail(recipient, publicUrl), { within: tx });
    });
  }
  // Every follower of the batch has been told once, by this attempt or an earlier one.
  return { lastUserId: recipients.at(-1)?.user_id ?? null, told: recipients.length, done: recipients.length < limit };
}

function followerMail(r: Recipient, publicUrl: string) {
  const link = listingUrl(publicUrl, r.listing_slug);
  return {
    to: r.email,
    subject: `${r.listing_name}: ${r.title}`,
    text: `${r.listing_name} posted an update on ${r.site_name}.\n\n${r.title}\n\n${r.body}\n\nSee it on ${link}\n\nYou get this because you follow ${r.listing_name}; unfollow on its page to stop these mails.\n`,
  };
}

export interface FeedEntry {
  id: number;
  title: string;
  body: string;
  posted_at: string;
  listing: { slug: string; name: string; url: string };
}

/** The latest updates of the site's visible listings, newest first: the public feed and its Atom version. */
export async function latestUpdates(em: EntityManager, siteId: number, publicUrl: string, limit: number): Promise<FeedEntry[]> {
  const rows = await query(
    em,
    sql<
      Omit<FeedEntry, 'listing'> & { slug: string; name: string }
    >`select lu.id, lu.title, lu.body, iso_utc(lu.created_at) as posted_at, l.slug, l.name
     from listing_update lu join listing l on l.id = lu.listing_id
     where l.site_id = ${siteId} and ${isPublic} and ${unrestricted} and not lu.hidden
     order by lu.created_at desc, lu.id desc limit ${limit}`,
  );
  return rows.map(({ slug, name, ...entry }) => ({ ...entry, listing: { slug, name, url: listingUrl(publicUrl, slug) } }));
}
