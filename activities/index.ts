import type { Config } from '../src/config.js';
import type { Orm } from '../src/db.js';
import type { Logger } from '../src/logger.js';
import { draftActivities } from './drafts.js';
import { housekeepingActivities } from './housekeeping.js';

export interface ActivityDeps {
  config: Config;
  orm: Orm;
  log: Logger;
}

/** Every activity the worker runs, bound to its dependencies. Activities stay thin: they call src/. */
export function createActivities(deps: ActivityDeps) {
  return { ...draftActivities(deps), ...housekeepingActivities(deps) };
}

export type Activities = ReturnType<typeof createActivities>;
