import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { hashCredential } from '../domain/credentials.js';
import type { Mailer } from '../mail/index.js';
import { query, sql } from '../platform/sql.js';
import type { TemporalHandle } from '../temporal.js';
import { lockedClaim } from './commands.js';
import { signalClaimChanged } from './lifecycle.js';
import type { ClaimMailSettings } from './verification.js';

/** The page a claim's emailed link opens: it asks for a press of a button before confirming. */
export const claimConfirmPath = '/claims/confirm';

/**
 * Mails the one-time link of an email claim, once: the link's hash and the mail are written in one
 * transaction (the outbox commits with it), so a retried step finds the link sent and sends nothing;
 * SMTP cannot join it, so a retry after a failed commit sends a newer link that replaces the first.
 */
export async function mailClaimLink(
  em: EntityManager,
  mailer: Mailer,
  settings: ClaimMailSettings,
  claimId: number,
): Promise<void> {
  await em.transactional(
    async (tx) => {
      const claim = await lockedClaim(tx, claimId);
      if (!claim || claim.status !== 'pending' || claim.method !== 'email' || claim.linkSentAt || !claim.email) return;
      const token = randomBytes(32).toString('base64url');
      claim.linkHash = hashCredential(token);
      claim.linkSentAt = new Date();
      const [about] = await query(
        tx,
        sql<{ name: string; claimant: string }>`select l.name, u.email as claimant from listing l, app_user u
          where l.id = ${claim.listingId} and u.id = ${claim.userId}`,
      );
      const link = `${settings.publicUrl}${claimConfirmPath}?token=${token}`;
      await mailer.send(
        {
          to: claim.email,
          subject: `Confirm that ${about.claimant} may manage ${about.name} on ${settings.siteName}`,
          text: `${about.claimant} asked to manage the listing "${about.name}" on ${settings.siteName}, and named this address to prove they run its website.

If that is right, open this link and press the confirm button:

${link}

The link works once, until ${claim.expiresAt.toISOString()}. If you do not know about this, ignore this mail: nothing changes without the button.`,
        },
        { within: tx },
      );
    },
    { clear: true },
  );
}

/**
 * Confirms a claim by its emailed link and tells the claim's lifecycle. Exactly one request wins,
 * and only while the claim is pending and unexpired: the link expires with the claim. False when
 * the link was used already or the claim is no longer open.
 */
export async function confirmClaimLink(
  em: EntityManager,
  deps: { temporal: TemporalHandle },
  linkToken: string,
): Promise<boolean> {
  const [row] = await query(
    em,
    sql<{ id: number }>`update claim set link_confirmed_at = now(), updated_at = now()
      where link_hash = ${hashCredential(linkToken)} and link_confirmed_at is null and status = 'pending' and expires_at > now()
      returning id`,
  );
  if (!row) return false;
  await signalClaimChanged(deps.temporal, row.id);
  return true;
}

/** What a still-usable link would confirm, without using it (for the page with the confirm button). */
export async function peekClaimLink(
  em: EntityManager,
  linkToken: string,
): Promise<{ listingName: string; slug: string; claimant: string; email: string } | undefined> {
  const [row] = await query(
    em,
    sql<{ listing_name: string; slug: string; claimant: string; email: string }>`select l.name as listing_name, l.slug,
        u.email as claimant, c.email
      from claim c join listing l on l.id = c.listing_id join app_user u on u.id = c.user_id
      where c.link_hash = ${hashCredential(linkToken)} and c.link_confirmed_at is null and c.status = 'pending' and c.expires_at > now()`,
  );
  return row && { listingName: row.listing_name, slug: row.slug, claimant: row.claimant, email: row.email };
}
