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
    log.info({ signal }, 'stopping api');
    await api.close();
    await closeDeps(deps);
    process.exit(0);
  });
}
