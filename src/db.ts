import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Config } from './config.js';
import { entities } from './entities/index.js';
import { migrationsList } from '../migrations/index.js';

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
