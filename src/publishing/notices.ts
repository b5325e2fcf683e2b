import type { EntityManager } from '@mikro-orm/postgresql';
import { listingUrl } from '../catalogue/sql.js';
import type { Mailer } from '../mail/index.js';
import { query, sql } from '../platform/sql.js';

/** What a launch tells its owner by mail. */
export type LaunchNotice = 'week_moved' | 'returned_to_draft' | 'live' | 'award';

/**
 * Mails the listing's owner about its launch, once per listing, kind and week: the mail and its
 * record commit together (outbox) or right after the mail server took it (SMTP).
 */
export async function noticeOwner(
  em: EntityManager,
  mailer: Mailer,
  publicUrl: string,
  notice: { listingId: number; kind: LaunchNotice; week: string },
): Promise<boolean> {
  return em.fork().transactional(async (tx) => {
    const [row] = await query(
      tx,
      sql<{ email: string; name: string; slug: string; site_name: string; reason: string | null; rank: number | null }>`
       with claimed as (insert into listing_notice (listing_id, kind, week) values (${notice.listingId}, ${notice.kind}, ${notice.week}::date)
         on conflict do nothing returning listing_id)
       select u.email, l.name, l.slug, s.name as site_name, l.status_reason as reason,
         (select a.rank from award a where a.listing_id = l.id and a.week = ${notice.week}::date) as rank
       from claimed c join listing l on l.id = c.listing_id join app_user u on u.id = l.owner_id join site s on s.id = l.site_id`,
    );
    if (!row) return false;
    const link = listingUrl(publicUrl, row.slug);
    const texts: Record<LaunchNotice, { subject: string; text: string }> = {
      week_moved: {
        subject: `${row.name} moved to the week of ${notice.week}`,
        text: `The free launch of ${row.name} on ${row.site_name} could not happen last week: the badge or the founder profile was missing.\nIt is now queued for the week of ${notice.week}. Your listing's page in your account says what is missing.\n\n${link}\n`,
      },
      returned_to_draft: {
        subject: `${row.name} is back in draft`,
        text: `${row.reason ?? `${row.name} missed its free launch weeks.`}\nChoose the free plan again once the badge is on your homepage and the founder profile is complete, or launch it paid.\n\n${link}\n`,
      },
      award: {
        subject: `${row.name} is Launch of the Week #${row.rank ?? ''} on ${row.site_name}`,
        text: `Congratulations: ${row.name} is Launch of the Week #${row.rank ?? ''} for the week of ${notice.week} on ${row.site_name}, by the votes of the community.\nThe award is shown on the listing and on the awards page.\n\n${link}\n`,
      },
      live: {
        subject: `${row.name} is live on ${row.site_name}`,
        text: `${row.name} is live on ${row.site_name} for the week of ${notice.week}. Share the link:\n\n${link}\n`,
      },
    };
    await mailer.send({ to: row.email, ...texts[notice.kind] }, { within: tx });
    return true;
  });
}
