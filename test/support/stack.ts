import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { migrate, openOrm } from '../../src/db.js';
import { createLogger } from '../../src/logger.js';
import { startEmbeddedPostgres } from '../../src/stack/postgres.js';
import { findOnPath, findTemporalCli, startTemporalDevServer } from '../../src/stack/temporal-server.js';
import { bundleWorkflows } from '../../src/worker.js';
import { freePort } from './ports.js';
import { installStripeMock } from './stripe-mock.js';
import { installTimeSkippingServer } from './time-skipping-server.js';
import { templateDatabase, testEnv, testWorkflowsPath } from './test-env.js';

/**
 * One PostgreSQL and one Temporal dev server for the whole run (or DATABASE_URL / TEMPORAL_ADDRESS
 * when given), a migrated template database that each test file clones, and one workflow bundle.
 */
export async function startTestStack(): Promise<void> {
  const started = Date.now();
  const config = loadConfig({ ...process.env, NODE_ENV: 'test' });
  const log = createLogger({ logLevel: 'warn' }, 'test-setup');
  const dir = mkdtempSync(join(tmpdir(), 'launch-directory-test-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as its own user when we are root.
  const stops: Array<() => Promise<void>> = [];

  let serverUrl = config.database.url;
  if (!serverUrl) {
    const pgHandle = await startEmbeddedPostgres(join(dir, 'postgres'), await freePort(), log);
    stops.push(() => pgHandle.stop());
    serverUrl = pgHandle.url;
  }
  await recreateTemplate(serverUrl);
  const orm = await openOrm(config, databaseUrlFor(serverUrl, templateDatabase));
  await migrate(orm);
  await orm.close();

  let temporalAddress = config.temporal.address;
  if (!temporalAddress) {
    const source = await findTemporalCli(
      { cliPath: config.temporal.cliPath, cacheDir: config.temporal.cliCacheDir, build: true },
      log,
    );
    const server = await startTemporalDevServer(source, {
      port: await freePort(),
      uiPort: await freePort(),
      namespace: 'default',
    });
    stops.push(() => server.stop());
    temporalAddress = server.address;
  }

  const bundlePath = join(dir, 'workflow-bundle.js');
  writeFileSync(bundlePath, (await bundleWorkflows(testWorkflowsPath)).code);

  process.env[testEnv.databaseServerUrl] = serverUrl;
  process.env[testEnv.temporalAddress] = temporalAddress;
  process.env[testEnv.workflowBundle] = bundlePath;
  process.env[testEnv.timeSkippingServer] = await installTimeSkippingServer(config.temporal.cliCacheDir);
  process.env.STRIPE_MOCK_PATH = await installStripeMock(config.temporal.cliCacheDir);
  process.env.CHROMIUM_PATH ??= findOnPath('chromium'); // the one the preflight found
  (globalThis as Record<string, unknown>).__stopTestStack = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  console.log(
    `\ntest stack ready in ${Date.now() - started} ms (PostgreSQL, Temporal, workflow bundle, time-skipping server, stripe-mock)`,
  );
}

async function recreateTemplate(serverUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${templateDatabase}" with (force)`);
    await client.query(`create database "${templateDatabase}"`);
  } finally {
    await client.end();
  }
}

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
