import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { DriverException } from '@mikro-orm/core';
import { closeDeps, openDeps, serveApi, type RunningApi } from '../../api/boot.js';
import type { AppDeps } from '../../api/deps.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { unreachableDependency } from '../../src/platform/outage.js';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../src/stack/postgres.js';
import { freePort } from '../support/ports.js';
import { testEnv } from '../support/test-env.js';

/**
 * PostgreSQL crashes (stopped in immediate mode) under a running api process: every request that
 * needs it answers 503 `unavailable` with Retry-After, never 500; /readyz says PostgreSQL is the
 * one down; the log says so once, and once more when it is back. This file runs a PostgreSQL of
 * its own, so that stopping it touches no other test.
 */
const dir = mkdtempSync(join(tmpdir(), 'outage-'));
chmodSync(dir, 0o755); // PostgreSQL runs as its own user when we are root.
const dataDir = join(dir, 'postgres');
const quiet = createLogger({ logLevel: 'warn' }, 'outage-postgres');
const lines: { level: number; msg: string; dependency?: string }[] = [];
let pg: EmbeddedPostgresHandle;
let pgPort: number;
let deps: AppDeps;
let api: RunningApi;

beforeAll(async () => {
  pgPort = await freePort();
  pg = await startEmbeddedPostgres(dataDir, pgPort, quiet);
  await pg.createDatabase('outage');
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    METRICS_PORT: '0',
  });
  const log = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
        done();
      },
    }),
  );
  const at = { databaseUrl: pg.urlFor('outage'), temporalAddress: process.env[testEnv.temporalAddress]! };
  deps = await openDeps(config, log, at, { migrate: true });
  api = await serveApi(deps);
}, 120_000);

afterAll(async () => {
  await api?.close();
  if (deps) await closeDeps(deps);
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Stops PostgreSQL as a crash would: SIGQUIT to the postmaster is an immediate shutdown. */
async function crashPostgres(): Promise<void> {
  const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  process.kill(pid, 'SIGQUIT');
  for (let alive = true; alive;) {
    try {
      process.kill(pid, 0);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } catch {
      alive = false;
    }
  }
}

const statusOf = async (path: string) => (await fetch(`${api.url}${path}`)).status;

it('answers 503 with Retry-After while PostgreSQL is down, says so once, and serves again when it is back', async () => {
  expect(await statusOf('/api/v1/listings/no-such-listing')).toBe(404);
  await crashPostgres();

  const statuses: number[] = [];
  // Paths not asked before: nothing the read cache holds answers them.
  for (const path of ['/api/v1/listings/missing-during-outage', '/api/v1/listings?q=crash', '/api/v1/categories']) {
    const res = await fetch(`${api.url}${path}`);
    statuses.push(res.status);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toMatchObject({ status: 503, code: 'unavailable', detail: expect.stringContaining('PostgreSQL') });
  }
  const ready = await fetch(`${api.url}/readyz`);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toMatchObject({ status: 'not_ready', checks: { postgres: false, temporal: true } });

  // The outage lasts past the listener's first retries, however fast this machine restarts PostgreSQL.
  for (let i = 0; i < 100 && !lines.some((l) => /could not reconnect/.test(l.msg)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  pg = await startEmbeddedPostgres(dataDir, pgPort, quiet);
  // The first good answer: the pools open new connections to the restarted server. Bounded.
  for (let i = 0; i < 100 && (await statusOf('/api/v1/listings/no-such-listing')) === 503; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(await statusOf('/api/v1/listings/no-such-listing')).toBe(404);
  for (let i = 0; i < 100 && !lines.some((l) => /reachable again/.test(l.msg)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const said = (pattern: RegExp) => lines.filter((l) => pattern.test(l.msg)).map((l) => l.msg);
  expect(said(/PostgreSQL/)).toEqual([
    'PostgreSQL cannot be reached: requests that need it answer 503 until it is back',
    'PostgreSQL is reachable again',
  ]);
  expect(said(/server error/)).toEqual([]);
  // The listener of listing changes (the read cache is on, as in production) retried every second, and said so once.
  expect(said(/could not reconnect/)).toHaveLength(1);
  expect(statuses).not.toContain(500);
}, 120_000);

describe('unreachableDependency', () => {
  const failure = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

  it('tells an outage of PostgreSQL or Temporal from any other failure', () => {
    const refused = (port: number) => failure('connect ECONNREFUSED', { code: 'ECONNREFUSED', address: '10.0.0.5', port });
    expect(unreachableDependency(refused(5432), 5432)).toBe('postgres');
    expect(unreachableDependency(failure('connect ENOENT', { code: 'ENOENT', address: '/run/pg/.s.PGSQL.5433' }), 5432)).toBe(
      'postgres',
    );
    expect(unreachableDependency(failure('terminating connection due to administrator command', { code: '57P01' }), 5432)).toBe(
      'postgres',
    );
    expect(unreachableDependency(new Error('Connection terminated unexpectedly'), 5432)).toBe('postgres');
    // What the fault run met during a crash: the ORM writing a query to a socket PostgreSQL had closed.
    const epipe = failure('write EPIPE', { code: 'EPIPE', syscall: 'write' });
    expect(unreachableDependency(new DriverException(epipe), 5432)).toBe('postgres');
    expect(unreachableDependency(epipe, 5432)).toBeUndefined();
    const grpc = failure('14 UNAVAILABLE: No connection established', { code: 14 });
    expect(unreachableDependency(new Error('Failed to start Workflow', { cause: grpc }), 5432)).toBe('temporal');
    // The mail server or a crawled site refusing is not the database.
    expect(unreachableDependency(refused(587), 5432)).toBeUndefined();
    expect(unreachableDependency(failure('duplicate key value', { code: '23505' }), 5432)).toBeUndefined();
    expect(unreachableDependency(new Error('boom'), 5432)).toBeUndefined();
  });
});
