import { tellFollowerBatch, tellLaunchFollowerBatch, type FollowerBatch } from '../src/listings/follower-mail.js';
import { heartbeating } from './heartbeat.js';
import type { ActivityDeps } from './index.js';

/** Follower mail steps (an update posted; a followed launch gone live): one batch each, safe to repeat. */
export function listingUpdateActivities(deps: ActivityDeps) {
  return {
    /** A batch of the configured size (or `limit`, from a run started before), and the pause the configuration asks after it. */
    async tellFollowerBatch(input: {
      updateId: number;
      after: number;
      limit?: number;
    }): Promise<FollowerBatch & { pauseMs: number }> {
      const { batchSize, pauseMs } = deps.config.followerMail;
      const limit = input.limit ?? batchSize;
      const batch = await heartbeating(() =>
        tellFollowerBatch(deps.orm.em.fork(), deps.mailer, deps.config.publicUrl, input.updateId, input.after, limit),
      );
      return { ...batch, pauseMs };
    },
    /** A batch of the configured size, and the pause the configuration asks before the next one. */
    async tellLaunchFollowerBatch(input: { listingId: number; after: number }): Promise<FollowerBatch & { pauseMs: number }> {
      const { batchSize, pauseMs } = deps.config.followerMail;
      const batch = await heartbeating(() =>
        tellLaunchFollowerBatch(deps.orm.em.fork(), deps.mailer, deps.config.publicUrl, input.listingId, input.after, batchSize),
      );
      return { ...batch, pauseMs };
    },
  };
}
