import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Config } from './config.js';
import { entities } from './entities/index.js';
import { migrationsList } from '../migrations/index.js';
import { watchPool } from './platform/metrics.js';

export type Orm = MikroORM;

/** Opens the ORM against the configured database; the schema comes only from migrations. */
export async function openOrm(config: Config, databaseUrl = config.database.url): Promise<Orm> {
  if (!databaseUrl) throw new Error('No database URL: set DATABASE_URL or start the embedded stack (npm start).');
  return MikroORM.init({
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    pool: { min: 0, max: config.database.poolMax },
    discovery: { warnWhenNoEntities: false },
    debug: false,
    allowGlobalContext: false,
  });
}

/** Applies pending migrations and returns the names of those applied. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((m) => m.name);
}

interface QueryBuilderPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

/** Reports the ORM's connection pool (the query builder's) in the metrics until the returned function is called. */
export function watchOrmPool(orm: Orm): () => void {
  const client = (orm.em.getConnection().getKnex() as unknown as { client: { pool?: QueryBuilderPool } }).client;
  return watchPool('orm', {
    busy: () => client.pool?.numUsed() ?? 0,
    idle: () => client.pool?.numFree() ?? 0,
    waiting: () => client.pool?.numPendingAcquires() ?? 0,
    max: orm.config.get('pool')?.max ?? 0,
  });
}
