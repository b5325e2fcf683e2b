import type { Orm } from '../src/db.js';
import type { Logger } from '../src/logger.js';

export interface ActivityDeps {
  orm: Orm;
  log: Logger;
}

/** Every activity the worker runs, bound to its dependencies. Activities stay thin: they call src/. */
export function createActivities(deps: ActivityDeps) {
  return {
    async echo(message: string): Promise<string> {
      const [{ now }] = await deps.orm.em.getConnection().execute<{ now: Date }[]>('select now() as now');
      deps.log.debug({ message }, 'ping activity');
      return `pong: ${message} (database time ${now.toISOString()})`;
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;
