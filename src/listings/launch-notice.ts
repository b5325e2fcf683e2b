import type { EntityManager } from '@mikro-orm/postgresql';
import { listingUrl } from '../catalogue/sql.js';
import type { Mailer } from '../mail/index.js';
import { query, sql } from '../platform/sql.js';
import type { FollowerBatch } from './updates.js';

interface Recipient {
  user_id: number;
  email: string;
  listing_name: string;
  listing_slug: string;
  tagline: string | null;
  site_name: string;
}

/**
 * "Notify me at launch": mails the next `limit` followers (by user id, after `after`) of a listing
 * that is live, each once, those who followed before it went live. Each mail is stored with the
 * record that it was sent in one transaction, so a retried batch (a worker killed mid-way) skips
 * whoever was told and nobody is mailed twice, whichever run or attempt gets there.
 */
export async function tellLaunchFollowerBatch(
  em: EntityManager,
  mailer: Mailer,
  publicUrl: string,
  listingId: number,
  after: number,
  limit: number,
): Promise<FollowerBatch> {
  const recipients = await query(
    em,
    sql<Recipient>`select f.user_id, u.email, l.name as listing_name, l.slug as listing_slug, l.tagline, s.name as site_name
     from listing l join site s on s.id = l.site_id
     join follow f on f.listing_id = l.id and f.created_at <= l.launched_at
     join app_user u on u.id = f.user_id
     where l.id = ${listingId} and l.status = 'live' and f.user_id > ${after}
     order by f.user_id limit ${limit}`,
  );
  for (const recipient of recipients) {
    await em.fork().transactional(async (tx) => {
      const [claimed] = await query(
        tx,
        sql`insert into launch_notice_delivery (listing_id, user_id) values (${listingId}, ${recipient.user_id})
         on conflict do nothing returning user_id`,
      );
      // Told already, by an attempt whose result was lost (a worker killed after the commit).
      if (!claimed) return;
      await mailer.send(launchMail(recipient, publicUrl), { within: tx });
    });
  }
  return { lastUserId: recipients.at(-1)?.user_id ?? null, told: recipients.length, done: recipients.length < limit };
}

function launchMail(r: Recipient, publicUrl: string) {
  const link = listingUrl(publicUrl, r.listing_slug);
  return {
    to: r.email,
    subject: `${r.listing_name} has launched on ${r.site_name}`,
    text: `${r.listing_name}${r.tagline ? `: ${r.tagline}` : ''} has just launched on ${r.site_name}.\n\nSee it, and vote if you like it: ${link}\n\nYou get this because you asked to be told when ${r.listing_name} launches; you follow it now, and unfollow on its page to stop its mails.\n`,
  };
}
