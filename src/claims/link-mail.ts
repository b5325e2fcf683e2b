import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { hashCredential } from '../domain/credentials.js';
import type { Mailer } from '../mail/index.js';
import { query, sql } from '../platform/sql.js';
import { lockedClaim } from './commands.js';
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
