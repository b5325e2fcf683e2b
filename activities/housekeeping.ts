import { purgeOAuthRecords } from '../src/accounts/oauth-records.js';
import { purgeSignInLinks } from '../src/accounts/sign-in-links.js';
import { purgeWebSessions } from '../src/accounts/web-sessions.js';
import { purgeInviteMails } from '../src/drafts/invites.js';
import { purgePastDays } from '../src/analytics/housekeeping.js';
import { IdempotencyStore } from '../src/platform/idempotency.js';
import { purgeEndedRateLimits } from '../src/platform/rate-limits.js';
import { settleOverdueOrders } from '../src/orders/overdue.js';
import type { ActivityDeps } from './index.js';

/** The housekeeping workflow's steps; deleting what has expired and settling overdue orders are safe to repeat. */
export function housekeepingActivities(deps: ActivityDeps) {
  return {
    /**
     * Deletes what has expired: idempotency records, rate windows, OAuth records, web sessions,
     * sign-in links, invite mail counts, and past days' analytics hashes and salts.
     */
    async purgeExpiredRecords(): Promise<void> {
      const em = deps.orm.em.fork();
      await new IdempotencyStore(em).purgeExpired();
      await purgeOAuthRecords(em);
      await purgeWebSessions(em);
      await purgeSignInLinks(em);
      await purgeInviteMails(em);
      await purgeEndedRateLimits(em.getConnection().getKnex());
      await purgePastDays(em);
    },
    /** Starts the lifecycle of each order left pending or paid past its payment window (see settleOverdueOrders). */
    async settleOverdueOrders(): Promise<number> {
      const found = await settleOverdueOrders(deps.orm.em.fork(), deps.temporal);
      if (found)
        deps.log.warn(
          { found },
          'orders still pending or paid 15 minutes after their payment window: lifecycles started or found open',
        );
      return found;
    },
  };
}
