import { tellFollowerBatch, type FollowerBatch } from '../src/listings/updates.js';
import { heartbeating } from './heartbeat.js';
import type { ActivityDeps } from './index.js';

/** The listingUpdateNotice workflow's step: one batch of follower mails, safe to repeat. */
export function listingUpdateActivities(deps: ActivityDeps) {
  return {
    async tellFollowerBatch(input: { updateId: number; after: number; limit: number }): Promise<FollowerBatch> {
      return heartbeating(() =>
        tellFollowerBatch(deps.orm.em.fork(), deps.mailer, deps.config.publicUrl, input.updateId, input.after, input.limit),
      );
    },
  };
}
