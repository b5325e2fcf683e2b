import type { Config } from '../src/config.js';
import type { Orm } from '../src/db.js';
import type { Logger } from '../src/logger.js';
import { draftActivities } from './drafts.js';

export interface ActivityDeps {
  config: Config;
  orm: Orm;
  log: Logger;
}

/** Every activity the worker runs, bound to its dependencies. Activities stay thin: they call src/. */
export function createActivities(deps: ActivityDeps) {
  return {
    async echo(message: string): Promise<string> {
      const [{ now }] = await deps.orm.em.getConnection().execute<{ now: string }[]>(
        `select to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as now`,
      );
      deps.log.debug({ message }, 'ping activity');
      return `pong: ${message} (database time ${now})`;
    },
    ...draftActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
