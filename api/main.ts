import { loadConfigOrExit } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { closeDeps, openDeps, serveApi } from './boot.js';

/** `npm run api`: the production api process, against DATABASE_URL and TEMPORAL_ADDRESS. */
const config = loadConfigOrExit();
const log = createLogger(config, 'api');
if (!config.database.url || !config.temporal.address) {
  log.fatal('npm run api needs DATABASE_URL and TEMPORAL_ADDRESS; for a local stack use npm start.');
  process.exit(1);
}
const deps = await openDeps(config, log, { databaseUrl: config.database.url, temporalAddress: config.temporal.address });
const api = await serveApi(deps);
log.info({ url: config.publicUrl, listening: api.url }, 'api listening');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    const graceMs = config.apiShutdownGraceMs;
    log.info({ signal, graceMs }, 'stopping api: draining');
    const cut = await api.drain(graceMs);
    if (cut) log.warn({ cut }, 'grace time over: requests still running were cut');
    await closeDeps(deps);
    process.exit(0);
  });
}
