import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Env } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { startEmbeddedPostgres } from '../src/stack/postgres.js';
import { findTemporalCli, startTemporalDevServer } from '../src/stack/temporal-server.js';
import { routeSdkLogs } from '../src/worker.js';
import { closeDeps, openDeps, serveApi } from '../api/boot.js';
import type { AppDeps } from '../api/deps.js';
import { freePort } from '../test/support/ports.js';
import { runTimeSecrets } from '../test/support/secrets.js';

export interface BenchStack {
  deps: AppDeps;
  /** Origin of the api, e.g. http://127.0.0.1:PORT */
  url: string;
  /** The PostgreSQL database, for a section that starts api processes of its own. */
  databaseUrl: string;
  /** host:port of the Temporal dev server, for a section that runs a worker. */
  temporalAddress: string;
  close(): Promise<void>;
}

/**
 * A service on loopback: embedded PostgreSQL and the Temporal dev server, migrated, with the api
 * listening. `env` tunes the api (log level, rate limits). The data lives in a temp folder removed
 * at close, or in `dataDir` (kept, so that a seeded database can be measured again).
 */
export async function startBenchStack(env: Partial<Record<keyof Env, string>>, dataDir?: string): Promise<BenchStack> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'launch-directory-bench-'));
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755); // PostgreSQL runs as its own user when we are root.
  const port = await freePort();
  // Production settings; production needs an SMTP server, a payment provider and its own vote network
  // key, and the bench sends no mail and pays nothing.
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'test',
    ALLOW_TEST_PAYMENTS: 'true',
    VOTE_NETWORK_KEY: runTimeSecrets().VOTE_NETWORK_KEY,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: 'smtp://127.0.0.1:25',
    ...env,
  });
  const log = createLogger(config, 'bench');
  routeSdkLogs(log);
  const pg = await startEmbeddedPostgres(join(dir, 'postgres'), await freePort(), createLogger({ logLevel: 'warn' }, 'bench-pg'));
  await pg.createDatabase('bench');
  const source = await findTemporalCli(
    { cliPath: config.temporal.cliPath, cacheDir: config.temporal.cliCacheDir, build: true },
    log,
  );
  const temporal = await startTemporalDevServer(source, {
    port: await freePort(),
    uiPort: await freePort(),
    namespace: 'default',
  });
  const databaseUrl = pg.urlFor('bench');
  const deps = await openDeps(config, log, { databaseUrl, temporalAddress: temporal.address }, { migrate: true });
  const api = await serveApi(deps);
  return {
    deps,
    url: api.url,
    databaseUrl,
    temporalAddress: temporal.address,
    async close() {
      await api.close();
      await closeDeps(deps);
      await temporal.stop();
      await pg.stop();
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
