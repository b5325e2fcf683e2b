import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Worker } from '@temporalio/worker';
import { loadConfig, type Env } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { createWorker, readWorkflowBundle } from '../../src/worker.js';
import { closeDeps, openDeps, serveApi } from '../../api/boot.js';
import type { AppDeps } from '../../api/deps.js';
import type { Operation } from '../../api/operations/registry.js';
import { databaseUrlFor } from './stack.js';
import { freePort } from './ports.js';
import { templateDatabase, testEnv } from './test-env.js';

export interface TestApp {
  /** e.g. http://127.0.0.1:PORT */
  url: string;
  api: string;
  deps: AppDeps;
  databaseUrl: string;
  taskQueue: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Partial<Record<keyof Env, string>>;
  extraOperations?: readonly Operation[];
  /** Run a worker in this process on the file's own task queue (default true). */
  worker?: boolean;
  /** The database's time zone, which its sessions start in (default: the server's). */
  databaseTimeZone?: string;
}

/**
 * The real app for one test file: its own database cloned from the migrated template, its own
 * Temporal task queue, listening on a free loopback port.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const serverUrl = required(testEnv.databaseServerUrl);
  const temporalAddress = required(testEnv.temporalAddress);
  const database = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await createDatabaseFromTemplate(serverUrl, database);
  if (options.databaseTimeZone) {
    const zone = options.databaseTimeZone;
    await withServer(serverUrl, (c) => c.query(`alter database "${database}" set timezone to '${zone.replaceAll("'", "''")}'`));
  }
  const databaseUrl = databaseUrlFor(serverUrl, database);
  await spreadWorkflowKeys(serverUrl, databaseUrl);
  const port = await freePort();
  const taskQueue = `test-${database}`;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_TASK_QUEUE: taskQueue,
    WORKFLOW_BUNDLE: required(testEnv.workflowBundle),
    // Tests read their own writes at once; test/catalogue/read-cache.test.ts covers the cache.
    PUBLIC_READ_CACHE_MS: '0',
    // Every success response of the suite is checked against its operation's output schema.
    VALIDATE_RESPONSES: 'true',
    // Every test signs in from 127.0.0.1; test/auth/sign-in-limits.test.ts checks the per-client budget.
    SIGN_IN_LINKS_PER_CLIENT: '100000',
    // Files run in parallel: no metrics listener unless a test asks for one on a free port.
    METRICS_PORT: '0',
    // A file's worker stops at once when it closes: no activity of a finished test is worth waiting for.
    WORKER_SHUTDOWN_GRACE_MS: '0',
    ...options.env,
  };
  const config = loadConfig(env);
  const log = createLogger(config, 'test');
  const deps = await openDeps(config, log, { databaseUrl, temporalAddress });
  const api = await serveApi(deps, options.extraOperations);

  let worker: Worker | undefined;
  let running: Promise<void> | undefined;
  let closeWorker = async () => undefined as void;
  if (options.worker !== false) {
    const created = await createWorker({
      config,
      orm: deps.orm,
      log,
      address: temporalAddress,
      bundle: readWorkflowBundle(config.temporal.workflowBundlePath!),
    });
    worker = created.worker;
    running = worker.run();
    closeWorker = async () => {
      worker!.shutdown();
      await running;
      await created.connection.close();
    };
  }

  return {
    url: api.url,
    api: `${api.url}${config.apiBasePath}`,
    deps,
    databaseUrl,
    taskQueue,
    env,
    async close() {
      await closeWorker();
      await api.close();
      await closeDeps(deps);
      await dropDatabase(serverUrl, database);
    },
  };
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through jest (npm test), whose global setup sets it.`);
  return value;
}

async function withServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Rows whose ids are workflow ids (listing-launch-<listing id>, listing-update-<update id>, claim-<claim id>,
 * moderation-<kind>-<item id>-<n>), with
 * the id range each test app takes: every file's database starts them elsewhere, so two files
 * running at once on the one Temporal server never share a workflow id. Listing ids take a
 * multiple of every modulus the demo seed picks listings by (src/seed/signals.ts: 3, 4, 5, 7, 20,
 * 23, 150...), so a seeded test sees the same catalogue wherever its ids start.
 */
export const workflowKeyedIds: Record<string, number> = {
  listing: 966_000,
  listing_update: 1_000_000,
  claim: 1_000_000,
  review: 1_000_000,
};

async function spreadWorkflowKeys(serverUrl: string, databaseUrl: string): Promise<void> {
  const index = await withServer(serverUrl, async (c) => {
    // Test files start at once, and "if not exists" alone lets two creations race; the lock orders them.
    await c.query('begin');
    await c.query(`select pg_advisory_xact_lock(hashtext('test_app_index'))`);
    await c.query('create sequence if not exists test_app_index');
    await c.query('commit');
    return Number((await c.query<{ n: string }>(`select nextval('test_app_index') as n`)).rows[0].n);
  });
  await withServer(databaseUrl, async (c) => {
    for (const [table, range] of Object.entries(workflowKeyedIds)) {
      await c.query(`select setval(pg_get_serial_sequence($1, 'id'), $2)`, [table, index * range]);
    }
    // Order numbers are workflow ids too (order-LD-<year>-<n>): each app takes a hundred of its own, within six digits.
    await c.query(`select setval('order_number_seq', $1)`, [(index % 9999) * 100 + 1]);
  });
}

function createDatabaseFromTemplate(serverUrl: string, database: string): Promise<unknown> {
  return withServer(serverUrl, (c) => c.query(`create database "${database}" template "${templateDatabase}"`));
}

function dropDatabase(serverUrl: string, database: string): Promise<unknown> {
  return withServer(serverUrl, (c) => c.query(`drop database if exists "${database}" with (force)`));
}
