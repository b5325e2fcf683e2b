import type { EntityManager } from '@mikro-orm/postgresql';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openOrm, type Orm } from '../db.js';
import { embeddedPostgresUrl, startEmbeddedPostgres } from '../stack/postgres.js';
import type { CliContext } from './command.js';
import { AppError } from '../errors.js';
import { query, sql } from '../platform/sql.js';

/**
 * Runs `work` against DATABASE_URL, or against the embedded PostgreSQL of `npm start` when
 * DATABASE_URL is unset: the running one while the service runs, else one started for the
 * command and stopped after it.
 */
export async function withDatabase<T>(ctx: CliContext, work: (orm: Orm) => Promise<T>): Promise<T> {
  const { config, log } = ctx;
  let stop = async () => undefined as void;
  let url = config.database.url;
  const running = embeddedPostgresUrl(join(config.dataDir, 'postgres'), config.embeddedPostgresPort, 'launch_directory');
  if (!url && (await answers(running))) url = running;
  if (!url) {
    mkdirSync(config.dataDir, { recursive: true });
    const pg = await startEmbeddedPostgres(join(config.dataDir, 'postgres'), config.embeddedPostgresPort, log);
    await pg.createDatabase('launch_directory');
    url = pg.urlFor('launch_directory');
    stop = () => pg.stop();
  }
  const orm = await openOrm(config, url);
  try {
    return await work(orm);
  } finally {
    await orm.close();
    await stop();
  }
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The id of the default site, which operator commands act on. */
export async function defaultSiteId(em: EntityManager): Promise<number> {
  const [row] = await query(em, sql<{ id: number }>`select id from site where is_default`);
  if (!row) throw new Error('No default site: run the migrations (npm run migrate).');
  return row.id;
}

/** Runs `work` on the default site; a known failure prints its message and exits 1. */
export async function onSite(
  ctx: CliContext,
  work: (em: EntityManager, siteId: number, orm: Orm) => Promise<string>,
): Promise<number> {
  try {
    const message = await withDatabase(ctx, async (orm) => {
      const em = orm.em.fork();
      return work(em, await defaultSiteId(em), orm);
    });
    console.log(message);
    return 0;
  } catch (error) {
    if (error instanceof AppError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
      console.error((error as Error).message);
      return 1;
    }
    throw error;
  }
}
