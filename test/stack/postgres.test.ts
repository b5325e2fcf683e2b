import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createLogger } from '../../src/logger.js';
import { embeddedSocketDirectory, startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../src/stack/postgres.js';
import { freePort } from '../support/ports.js';

const log = createLogger({ logLevel: 'silent' }, 'test-postgres');
let root: string;
const running: EmbeddedPostgresHandle[] = [];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ld-pg-side-'));
  chmodSync(root, 0o755); // PostgreSQL runs as its own user when we are root.
});
afterAll(async () => {
  for (const server of running) await server.stop();
  rmSync(root, { recursive: true, force: true });
});

async function dataDirectoryOf(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ dir: string }>(`select current_setting('data_directory') as dir`);
    return rows[0].dir;
  } finally {
    await client.end();
  }
}

// `npm start`, `npm test` and `npm run fuzz` at once: each server's socket is in its own data directory.
it('runs two embedded servers of two data directories on one port number, each answering on its own socket', async () => {
  const port = await freePort();
  const dirs = [join(root, 'start'), join(root, 'fuzz')];
  for (const dir of dirs) running.push(await startEmbeddedPostgres(dir, port, log));
  for (const [i, dir] of dirs.entries()) {
    expect(existsSync(join(dir, `.s.PGSQL.${port}`))).toBe(true);
    await running[i].createDatabase('launch_directory');
    expect(await dataDirectoryOf(running[i].urlFor('launch_directory'))).toBe(dir);
  }
});

it('puts the socket of a data directory too deep for a socket path in a short directory of its own', async () => {
  const deep = join(root, 'a'.repeat(60), 'b'.repeat(60));
  mkdirSync(join(root, 'a'.repeat(60)), { mode: 0o755 });
  const port = await freePort();
  const socket = embeddedSocketDirectory(deep, port)!;
  expect(socket).not.toBe(deep);
  expect(Buffer.byteLength(join(socket, `.s.PGSQL.${port}`))).toBeLessThanOrEqual(107);
  expect(embeddedSocketDirectory(`${deep}c`, port)).not.toBe(socket);
  const server = await startEmbeddedPostgres(deep, port, log);
  running.push(server);
  expect(await dataDirectoryOf(server.url)).toBe(deep);
});
