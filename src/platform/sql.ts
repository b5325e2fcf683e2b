import { createHash } from 'node:crypto';
import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import pg from 'pg';

/**
 * SQL statements written as tagged templates: every `${value}` is bound as a parameter where it
 * stands, a `${fragment}` built with `sql` is spliced in with its own parameters, and trusted text
 * (a column chosen from a fixed list) enters only through `sql.raw`. The row type rides along, so
 * a runner returns `Row[]`.
 */
export class Sql<Row = unknown> {
  /** Never set: it carries the row type. */
  declare readonly row?: Row;
  private compiled?: { text: string; values: unknown[] };

  constructor(
    private readonly strings: readonly string[],
    private readonly values: readonly unknown[],
  ) {}

  /** Text with `$1`, `$2`... and the values in that order, as PostgreSQL takes them. */
  toPostgres(): { text: string; values: unknown[] } {
    if (!this.compiled) {
      const values: unknown[] = [];
      const text = this.flatten(
        values,
        () => `$${values.length}`,
        (s) => s,
      );
      this.compiled = { text, values };
    }
    return this.compiled;
  }

  /**
   * Text with `?` placeholders for the query builder, and the values; a literal `?` is escaped,
   * except for the ORM, which reads the text as it is when there are no values.
   */
  toBuilder(escapeAlways: boolean): { text: string; values: unknown[] } {
    const values: unknown[] = [];
    const text = this.flatten(values, builderPlaceholder, (s) => s.replaceAll('?', '\\?'));
    return escapeAlways || values.length ? { text, values } : { text: this.flatten([], builderPlaceholder, (s) => s), values };
  }

  private flatten(values: unknown[], placeholder: (text: string) => string, literal: (s: string) => string): string {
    let text = '';
    for (let i = 0; i < this.strings.length; i++) {
      text += literal(this.strings[i]);
      if (i === this.values.length) break;
      const value = this.values[i];
      if (value instanceof Sql) text += value.flatten(values, placeholder, literal);
      else {
        values.push(value);
        text += placeholder(text);
      }
    }
    return text;
  }
}

/**
 * The query builder's placeholder. Two must not touch (`??` would read as an identifier); only
 * here is the text read back, since reading a text being built copies it whole.
 */
const builderPlaceholder = (text: string): string => (text.endsWith('?') ? ' ?' : '?');

export function sql<Row = unknown>(strings: TemplateStringsArray, ...values: unknown[]): Sql<Row> {
  return new Sql<Row>(strings, values);
}

/** Trusted SQL text, never a caller's value: a column or direction picked from a fixed list. */
sql.raw = (text: string): Sql => new Sql([text], []);

/** Fragments joined by a separator (`, ` unless told), e.g. the conditions of a where clause. */
sql.join = (parts: readonly Sql<unknown>[], separator = ', '): Sql =>
  new Sql(parts.length ? ['', ...parts.slice(1).map(() => separator), ''] : [''], parts);

/** A value bound as JSON text (cast it in the statement): arrays and objects travel whole. */
sql.json = (value: unknown): Sql => new Sql(['', ''], [JSON.stringify(value)]);

/** A list bound whole as a PostgreSQL array (`= any(...)`, `unnest(...)`), empty or not. */
sql.array = (values: readonly string[] | readonly number[], type: 'text' | 'int'): Sql =>
  new Sql(['array(select json_array_elements_text(', `::json)::${type})`], [JSON.stringify(values)]);

/** Runs a statement on the EntityManager, inside its transaction when it has one. */
export async function query<Row>(em: EntityManager, statement: Sql<Row>): Promise<Row[]> {
  const { text, values } = statement.toBuilder(false);
  return em.execute<Row[]>(text, values);
}

/** Runs a write on the EntityManager (inside its transaction when it has one); returns the rows it changed. */
export async function execute(em: EntityManager, statement: Sql<unknown>): Promise<number> {
  const { text, values } = statement.toBuilder(false);
  const result = await em.execute<{ affectedRows: number }>(text, values, 'run');
  return result.affectedRows;
}

/** Runs a statement through the query builder's pool (for code that holds the builder, not an EntityManager). */
export async function builderQuery<Row>(knex: Knex, statement: Sql<Row>): Promise<{ rows: Row[]; rowCount: number }> {
  const { text, values } = statement.toBuilder(true);
  return knex.raw<{ rows: Row[]; rowCount: number }>(text, values as never[]);
}

/** The process's plain `pg` pool for hot reads, beside the ORM's own. */
export type ReadPool = pg.Pool;

/** The process's plain `pg` pool for the hottest writes (votes), whose commits wait for the disk. */
export type WritePool = pg.Pool;

/** Dates, times and intervals stay text, as the ORM's connections give them, so a row reads alike on either. */
function ormLikeTypes(): pg.CustomTypesConfig {
  const types = new pg.TypeOverrides();
  const { DATE, TIMESTAMP, TIMESTAMPTZ, INTERVAL } = pg.types.builtins;
  for (const oid of [DATE, TIMESTAMP, TIMESTAMPTZ, INTERVAL]) types.setTypeParser(oid, (text: string) => text);
  return types;
}

function openPlainPool(databaseUrl: string, max: number, name: string, options?: string): pg.Pool {
  // Idle connections live as long as the ORM's (30 s), so their prepared statements outlast a lull.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    idleTimeoutMillis: 30_000,
    application_name: `launch-directory ${name}`,
    ...(options ? { options } : {}),
    types: ormLikeTypes(),
  });
  // An idle connection that breaks is dropped by the pool, which opens another when needed.
  pool.on('error', () => undefined);
  return pool;
}

export function openReadPool(databaseUrl: string, max: number): ReadPool {
  // Its only writes are listing documents, which the next read builds again if a crash loses one,
  // and traffic counts, of which a crash may lose the last moments (after the URL's own options,
  // which this setting would otherwise replace).
  const options = [new URL(databaseUrl).searchParams.get('options'), '-c synchronous_commit=off'].filter(Boolean).join(' ');
  return openPlainPool(databaseUrl, max, 'reads', options);
}

/**
 * A vote through the ORM cost the api about as much CPU again as the rest of its request (its
 * statement parsed and planned by PostgreSQL every time, the query builder's own work): on this
 * pool it is a prepared statement.
 */
export function openWritePool(databaseUrl: string, max: number): WritePool {
  return openPlainPool(databaseUrl, max, 'hot writes');
}

const statementNames = new Map<string, string>();

/**
 * Runs a hot statement as a named prepared statement: PostgreSQL parses it once per connection
 * and, after a few runs, reuses a generic plan (the profile statement plans in about 1 ms and runs
 * in 0.2 ms). The name derives from the text, so each distinct statement is prepared once.
 */
export async function prepared<Row>(pool: pg.Pool, statement: Sql<Row>): Promise<Row[]> {
  const { text, values } = statement.toPostgres();
  let name = statementNames.get(text);
  if (!name) {
    name = `hot_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return (await pool.query<Row & pg.QueryResultRow>({ name, text, values })).rows;
}
