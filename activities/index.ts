import type { Config } from '../src/config.js';
import type { Orm } from '../src/db.js';
import type { Logger } from '../src/logger.js';
import type { Mailer } from '../src/mail/index.js';
import type { TemporalHandle } from '../src/temporal.js';
import { claimActivities } from './claims.js';
import { draftActivities } from './drafts.js';
import { housekeepingActivities } from './housekeeping.js';
import { listingUpdateActivities } from './listing-updates.js';
import { moderationActivities } from './moderation.js';
import { orderActivities } from './orders.js';
import { publishingActivities } from './publishing.js';
import { voteActivities } from './votes.js';

export interface ActivityDeps {
  config: Config;
  orm: Orm;
  log: Logger;
  mailer: Mailer;
  /** A client for activities that start or signal another lifecycle. */
  temporal: TemporalHandle;
}

/** Every activity the worker runs, bound to its dependencies. Activities stay thin: they call src/. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...draftActivities(deps),
    ...housekeepingActivities(deps),
    ...listingUpdateActivities(deps),
    ...publishingActivities(deps),
    ...orderActivities(deps),
    ...claimActivities(deps),
    ...voteActivities(deps),
    ...moderationActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
