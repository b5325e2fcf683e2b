import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfigOrExit } from './config.js';
import { openOrm, watchOrmPool } from './db.js';
import { createLogger } from './logger.js';
import { serveMetrics } from './platform/metrics-server.js';
import { databasePortOf, unreachableDependency } from './platform/outage.js';
import { connectTemporal, prepareTemporal } from './temporal.js';
import { createWorker, readWorkflowBundle } from './worker.js';

/**
 * `npm run worker`: a worker process for DATABASE_URL and TEMPORAL_ADDRESS. WORKFLOW_BUNDLE names
 * a prebuilt workflow bundle (tests build one per run); without it the worker bundles at start.
 */
const config = loadConfigOrExit();
const log = createLogger(config, 'worker');
if (!config.database.url || !config.temporal.address) {
  log.fatal('npm run worker needs DATABASE_URL and TEMPORAL_ADDRESS; for a local stack use npm start.');
  process.exit(1);
}
const orm = await openOrm(config);
const temporal = await connectTemporal(config);
// A Temporal server that is restarting or too busy to answer in time is waited for, not a reason to exit.
const databasePort = databasePortOf(config.database.url);
for (let waitMs = 500; ; waitMs = Math.min(waitMs * 2, 10_000)) {
  try {
    await prepareTemporal(temporal, config.temporal.namespace);
    break;
  } catch (error) {
    if (unreachableDependency(error, databasePort) !== 'temporal') throw error;
    log.warn({ err: error, retryInMs: waitMs }, 'Temporal did not answer while preparing schedules; trying again');
    await sleep(waitMs);
  }
}
await temporal.connection.close();
const bundlePath = config.temporal.workflowBundlePath;
const bundle = bundlePath ? readWorkflowBundle(bundlePath) : undefined;
const { worker, connection } = await createWorker({ config, orm, log, address: config.temporal.address, bundle });
const unwatchPool = watchOrmPool(orm);
const metrics = await serveMetrics({ host: config.metrics.host, port: config.metrics.workerPort }, log);
process.once('SIGINT', () => worker.shutdown());
process.once('SIGTERM', () => worker.shutdown());
log.info({ taskQueue: config.temporal.taskQueue }, 'worker running');
await worker.run();
await metrics?.close();
unwatchPool();
await connection.close();
await orm.close();
log.info('worker stopped');
