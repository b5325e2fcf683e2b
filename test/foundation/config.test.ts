import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import pg from 'pg';
import { loadConfig, ConfigError } from '../../src/config.js';
import { templateDatabase } from '../support/test-env.js';

describe('loadConfig', () => {
  it('gives documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      apiBasePath: '/api/v1',
      database: { url: undefined, poolMax: 10 },
      temporal: { address: undefined, namespace: 'default', taskQueue: 'launch-directory' },
      rateLimit: { points: 600, windowSeconds: 60 },
      idempotencyTtlHours: 24,
    });
  });

  it('names the variable with a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('treats empty values as unset, as .env files write them', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.url).toBeUndefined();
  });
});

describe('cli', () => {
  const cli = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });

  it('lists its commands', () => {
    const out = cli(['help']);
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/migrate/);
    expect(out.stdout).toMatch(/doctor/);
  });

  it('doctor checks the dependencies it is given', () => {
    const out = cli(['doctor'], {
      DATABASE_URL: process.env.TEST_DATABASE_SERVER_URL!,
      TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS!,
    });
    expect(out.stdout).toMatch(/ok +postgres +DATABASE_URL reachable, pg_trgm and unaccent available/);
    expect(out.stdout).toMatch(/ok +temporal +TEMPORAL_ADDRESS .* answers/);
    expect(out.status).toBe(0);
  }, 30_000);

  it('doctor fails with the reason when a dependency is down', () => {
    const out = cli(['doctor'], {
      DATABASE_URL: 'postgres://nobody:x@127.0.0.1:1/none',
      TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS!,
    });
    expect(out.stdout).toMatch(/FAIL +postgres +DATABASE_URL unreachable/);
    expect(out.status).toBe(1);
  }, 30_000);

  // Only meaningful when the suite runs its own embedded PostgreSQL (DATABASE_URL unset).
  (process.env.DATABASE_URL ? it.skip : it)(
    'uses the embedded PostgreSQL that npm start is running',
    async () => {
      const server = new URL(process.env.TEST_DATABASE_SERVER_URL!);
      const client = new pg.Client({ connectionString: server.toString() });
      await client.connect();
      await client.query('drop database if exists launch_directory with (force)');
      await client.query(`create database launch_directory template "${templateDatabase}"`);
      await client.end();
      // The suite's server has its data, and so its socket, in <DATA_DIR>/postgres, as npm start's has.
      const dataDir = dirname(decodeURIComponent(server.hostname));
      const out = cli(['user', 'create', '--email', 'running@example.com'], {
        EMBEDDED_PG_PORT: server.port,
        DATA_DIR: dataDir,
      });
      expect(out.stderr).toBe(''); // a PostgreSQL of its own would have met the running one's postmaster.pid
      expect(out.stdout).toMatch(/^User \d+: running@example\.com/);
      expect(out.status).toBe(0);
    },
    30_000,
  );

  it('rejects a bad environment with the variable named', () => {
    const out = cli(['migrate'], { PORT: 'eighty' });
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(/PORT/);
  });
});
