import { purgeExpiredRecords } from '../src/platform/housekeeping.js';
import type { ActivityDeps } from './index.js';

/** The housekeeping workflow's one step; deleting what has expired is safe to repeat. */
export function housekeepingActivities(deps: ActivityDeps) {
  return {
    async purgeExpiredRecords(): Promise<void> {
      await purgeExpiredRecords(deps.orm.em.fork());
    },
  };
}
