import type { EntityManager } from '@mikro-orm/postgresql';
import { purgeOAuthRecords } from '../accounts/oauth-records.js';
import { purgeSignInLinks } from '../accounts/sign-in-links.js';
import { purgeWebSessions } from '../accounts/web-sessions.js';
import { purgeInviteMails } from '../drafts/invites.js';
import { IdempotencyStore } from './idempotency.js';
import { purgeEndedRateLimits } from './rate-limits.js';

/** Deletes what has expired: idempotency records, rate windows, OAuth records, web sessions, sign-in links, invite mail counts. */
export async function purgeExpiredRecords(em: EntityManager): Promise<void> {
  await new IdempotencyStore(em).purgeExpired();
  await purgeOAuthRecords(em);
  await purgeWebSessions(em);
  await purgeSignInLinks(em);
  await purgeInviteMails(em);
  await purgeEndedRateLimits(em.getConnection().getKnex());
}
