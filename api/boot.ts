import type { Server } from 'node:http';
import type { Config } from '../src/config.js';
import { migrate, openOrm, watchOrmPool } from '../src/db.js';
import type { Logger } from '../src/logger.js';
import { loadDefaultSite } from '../src/catalogue/site-info.js';
import { connectTemporal } from '../src/temporal.js';
import { createMailer } from '../src/mail/index.js';
import { loadServerKeys } from '../src/accounts/server-keys.js';
import { listingProfileKey, ReadCache } from '../src/platform/read-cache.js';
import { announceCountChangesEvery, listenForListingChanges, type ListingChange } from '../src/platform/listing-changes.js';
import { openReadPool, openWritePool } from '../src/platform/sql.js';
import { TrafficCounter } from '../src/analytics/counting.js';
import { SearchIndex } from '../src/catalogue/search-index/search-index.js';
import { pgPoolProbe, prepareOperationSeries, watchPool } from '../src/platform/metrics.js';
import { serveMetrics, type MetricsListener } from '../src/platform/metrics-server.js';
import { buildApp } from './app.js';
import { drainableServer, type Shutdown } from './drain.js';
import type { AppDeps } from './deps.js';
import { keepRequestGarbageYoung } from '../src/platform/heap.js';
import type { Operation } from './operations/registry.js';
import { operations } from './operations/index.js';

export interface ApiAddresses {
  databaseUrl: string;
  temporalAddress: string;
}

/**
 * Opens the api's dependencies (ORM, Temporal client, default site) once. With `migrate`, pending
 * migrations are applied first (the embedded stack does; production runs `npm run migrate`).
 */
export async function openDeps(
  config: Config,
  log: Logger,
  at: ApiAddresses,
  opts: { migrate?: boolean } = {},
): Promise<AppDeps> {
  keepRequestGarbageYoung();
  const orm = await openOrm(config, at.databaseUrl);
  if (opts.migrate) {
    const applied = await migrate(orm);
    if (applied.length) log.info({ applied }, 'migrations applied');
  }
  const temporal = await connectTemporal(config, at.temporalAddress);
  const site = await loadDefaultSite(orm.em.fork(), config.site.name);
  const keys = await loadServerKeys(orm.em.fork(), config);
  const readPool = openReadPool(at.databaseUrl, config.database.poolMax);
  const writePool = openWritePool(at.databaseUrl, config.database.poolMax);
  const deps: AppDeps = {
    config,
    orm,
    readPool,
    writePool,
    temporal,
    log,
    site,
    mailer: createMailer(config, orm),
    keys,
    readCache: new ReadCache(config.publicReadCacheMs),
    searchIndex: new SearchIndex(readPool),
    traffic: new TrafficCounter(readPool, log),
  };
  const unwatch = [watchOrmPool(orm), watchPool('reads', pgPoolProbe(readPool)), watchPool('hot writes', pgPoolProbe(writePool))];
  poolWatches.set(deps, () => unwatch.forEach((stop) => stop()));
  return deps;
}

const poolWatches = new WeakMap<AppDeps, () => void>();

export async function closeDeps(deps: AppDeps): Promise<void> {
  poolWatches.get(deps)?.();
  await deps.mailer.close();
  await deps.temporal.connection.close();
  await deps.readPool.end();
  await deps.writePool.end();
  await deps.orm.close();
}

export interface RunningApi {
  server: Server;
  url: string;
  /** Where this process's /metrics is served; absent when METRICS_PORT is 0. */
  metricsUrl?: string;
  /** SIGTERM's stop (api/drain.ts); resolves with the requests still running when the grace time ended. */
  drain(graceMs: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * Serves the app on the configured host and port (port 0 picks a free one), once the search index
 * is loaded, and the metrics on their own listener. With the read cache on, listing profiles it
 * holds are dropped as PostgreSQL announces their changes.
 */
export async function serveApi(deps: AppDeps, extraOperations: readonly Operation[] = []): Promise<RunningApi> {
  // Listening before serving: no profile can be cached before its changes would be heard.
  const listener =
    deps.readCache.ttlMs > 0
      ? await listenForListingChanges(deps.orm.config.get('clientUrl'), dropChangedProfiles(deps), deps.log)
      : undefined;
  // Every process announces count changes (whoever wrote them), so that other processes' caches follow.
  const counts = announceCountChangesEvery(deps.readPool, deps.config.listingCountsNoticeMs, deps.log);
  // Search answers from memory: the listings are read before the first request, not during it.
  await deps.searchIndex.current();
  deps.traffic.start();
  prepareOperationSeries([...operations, ...extraOperations]);
  const shutdown: Shutdown = { draining: false };
  const app = buildApp(deps, extraOperations, shutdown);
  const stopping = drainableServer(app.callback(), shutdown);
  const server = stopping.server.listen(deps.config.port, deps.config.host);
  let metrics: MetricsListener | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    metrics = await serveMetrics({ host: deps.config.metrics.host, port: deps.config.metrics.apiPort }, deps.log);
  } catch (error) {
    counts.stop();
    await deps.traffic.stop();
    await listener?.close();
    server.close();
    throw error;
  }
  server.keepAliveTimeout = 65_000;
  // After the last request is answered: the visits it noted are written before the process goes.
  const stopTheRest = async () => {
    await deps.traffic.stop();
    await metrics?.close();
    counts.stop();
    await listener?.close();
  };
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : deps.config.port;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    metricsUrl: metrics?.url,
    drain: async (graceMs) => {
      const cut = await stopping.drain(graceMs);
      await stopTheRest();
      return cut;
    },
    close: async () => {
      await stopping.close();
      await stopTheRest();
    },
  };
}

function dropChangedProfiles({ readCache, site }: AppDeps): (change: ListingChange) => void {
  return (change) => {
    if (change === 'all') readCache.clear();
    else for (const slug of change.slugs) readCache.delete(listingProfileKey(site.id, slug));
  };
}
