import type { Config } from '../src/config.js';
import type { Orm } from '../src/db.js';
import type { Logger } from '../src/logger.js';
import type { TemporalHandle } from '../src/temporal.js';
import type { SiteRow } from '../src/catalogue/site-info.js';
import type { Mailer } from '../src/mail/index.js';
import type { ServerKeys } from '../src/accounts/server-keys.js';
import type { ReadCache } from '../src/platform/read-cache.js';
import type { ReadPool, WritePool } from '../src/platform/sql.js';
import type { SearchIndex } from '../src/catalogue/search-index/search-index.js';
import type { TrafficCounter } from '../src/analytics/counting.js';

/** Long-lived dependencies of the api process, built once at start-up. */
export interface AppDeps {
  config: Config;
  orm: Orm;
  /** A plain `pg` pool for the prepared hot reads, independent of the ORM's internals. */
  readPool: ReadPool;
  /** A plain `pg` pool for the prepared hot writes (votes), durable as the ORM's. */
  writePool: WritePool;
  temporal: TemporalHandle;
  log: Logger;
  /** The site this process serves, read once at start-up. */
  site: SiteRow;
  mailer: Mailer;
  /** Token signing and cookie keys, the same in every api process. */
  keys: ServerKeys;
  /** Public read results this process may serve again for a short while. */
  readCache: ReadCache;
  /** The listings search matches and orders, in this process's memory and as fresh as PostgreSQL. */
  searchIndex: SearchIndex;
  /** Counts listing views, outbound clicks and badge impressions (maker analytics). */
  traffic: TrafficCounter;
}
