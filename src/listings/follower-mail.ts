import type { EntityManager } from '@mikro-orm/postgresql';
import { listingUrl } from '../catalogue/sql.js';
import { stableMessageId, type Mailer, type MailMessage } from '../mail/index.js';
import { query, sql, type Sql } from '../platform/sql.js';

export interface FollowerBatch {
  /** The last follower of this batch, where the next batch starts; null when there was none. */
  lastUserId: number | null;
  told: number;
  done: boolean;
}

interface Follower {
  user_id: number;
  email: string;
  listing_name: string;
  listing_slug: string;
  site_name: string;
}

interface LaunchFollower extends Follower {
  tagline: string | null;
}

interface UpdateFollower extends Follower {
  title: string;
  body: string;
}

/**
 * "Notify me at launch": mails the next `limit` followers (by user id, after `after`) of a listing
 * that is live, each once, those who followed before it went live.
 */
export async function tellLaunchFollowerBatch(
  em: EntityManager,
  mailer: Mailer,
  publicUrl: string,
  listingId: number,
  after: number,
  limit: number,
): Promise<FollowerBatch> {
  const followers = await query(
    em,
    sql<LaunchFollower>`select f.user_id, u.email, l.name as listing_name, l.slug as listing_slug, l.tagline, s.name as site_name
     from listing l join site s on s.id = l.site_id
     join follow f on f.listing_id = l.id and f.created_at <= l.launched_at
     join app_user u on u.id = f.user_id
     where l.id = ${listingId} and l.status = 'live' and f.user_id > ${after}
     order by f.user_id limit ${limit}`,
  );
  return mailEachOnce(em, mailer, followers, limit, {
    delivery: (userId) => sql`insert into launch_notice_delivery (listing_id, user_id) values (${listingId}, ${userId})
     on conflict do nothing returning user_id`,
    mail: (follower) => ({
      ...launchMail(follower, publicUrl),
      messageId: followerMessageId(publicUrl, `launch-${listingId}`, follower.user_id),
    }),
  });
}

/**
 * Mails the next `limit` followers (by user id, after `after`) of the update's listing who followed
 * before it was posted; an update that was not to be mailed (over the daily cap) has none, whoever
 * started its notice.
 */
export async function tellFollowerBatch(
  em: EntityManager,
  mailer: Mailer,
  publicUrl: string,
  updateId: number,
  after: number,
  limit: number,
): Promise<FollowerBatch> {
  const followers = await query(
    em,
    sql<UpdateFollower>`select f.user_id, u.email, l.name as listing_name, l.slug as listing_slug, s.name as site_name, lu.title, lu.body
     from listing_update lu join listing l on l.id = lu.listing_id join site s on s.id = l.site_id
     join follow f on f.listing_id = lu.listing_id and f.created_at <= lu.created_at
     join app_user u on u.id = f.user_id
     where lu.id = ${updateId} and lu.followers_mailed and f.user_id > ${after}
     order by f.user_id limit ${limit}`,
  );
  return mailEachOnce(em, mailer, followers, limit, {
    delivery: (userId) => sql`insert into listing_update_delivery (update_id, user_id) values (${updateId}, ${userId})
     on conflict do nothing returning user_id`,
    mail: (follower) => ({
      ...updateMail(follower, publicUrl),
      messageId: followerMessageId(publicUrl, `update-${updateId}`, follower.user_id),
    }),
  });
}

/**
 * Mails each follower of a batch once. Each mail is sent inside the transaction that records it,
 * so a retried batch skips whoever was already told. SMTP cannot join that transaction: a worker
 * killed after the server accepted a mail and before the commit (the time of one COMMIT) sends it
 * again on retry, with the same Message-ID (docs/operations.md, "Mail").
 */
async function mailEachOnce<F extends Follower>(
  em: EntityManager,
  mailer: Mailer,
  followers: F[],
  limit: number,
  how: { delivery: (userId: number) => Sql; mail: (follower: F) => MailMessage },
): Promise<FollowerBatch> {
  for (const follower of followers) {
    await em.fork().transactional(async (tx) => {
      const [claimed] = await query(tx, how.delivery(follower.user_id));
      // Told already, by an attempt whose result was lost (a worker killed after the commit).
      if (!claimed) return;
      await mailer.send(how.mail(follower), { within: tx });
    });
  }
  // Every follower of the batch has been told once, by this attempt or an earlier one.
  return { lastUserId: followers.at(-1)?.user_id ?? null, told: followers.length, done: followers.length < limit };
}

/** One Message-ID per notice and follower: whichever attempt sends it, it is the same message. */
function followerMessageId(publicUrl: string, notice: string, userId: number): string {
  return stableMessageId(publicUrl, `${notice}.follower-${userId}`);
}

function launchMail(r: LaunchFollower, publicUrl: string): MailMessage {
  const link = listingUrl(publicUrl, r.listing_slug);
  return {
    to: r.email,
    subject: `${r.listing_name} has launched on ${r.site_name}`,
    text: `${r.listing_name}${r.tagline ? `: ${r.tagline}` : ''} has just launched on ${r.site_name}.\n\nSee it, and vote if you like it: ${link}\n\nYou get this because you asked to be told when ${r.listing_name} launches; you follow it now, and unfollow on its page to stop its mails.\n`,
  };
}

function updateMail(r: UpdateFollower, publicUrl: string): MailMessage {
  const link = listingUrl(publicUrl, r.listing_slug);
  return {
    to: r.email,
    subject: `${r.listing_name}: ${r.title}`,
    text: `${r.listing_name} posted an update on ${r.site_name}.\n\n${r.title}\n\n${r.body}\n\nSee it on ${link}\n\nYou get this because you follow ${r.listing_name}; unfollow on its page to stop these mails.\n`,
  };
}
