import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../platform/sql.js';
import type { Step } from './catalogue.js';

/**
 * Runs `load` as a restore loads a table: with the tables' own triggers off and their foreign keys
 * and non-unique indexes dropped, then puts them back as they were, so that PostgreSQL checks each
 * key in one join and builds each index in one sort instead of once per row. Unique indexes stay
 * (other tables' keys and ON CONFLICT rest on them). The tables in `triggersKept` keep their
 * triggers: statement-level ones that already write a whole statement's rows in one set. It runs
 * in the caller's transaction: other sessions wait on the tables' locks and never see them bare,
 * and a failure leaves them as they were. What the skipped triggers keep (counters, listing
 * documents, change notices) is the caller's to set. The statements are PostgreSQL's own
 * definitions, read from its catalog; the table names are the caller's constants, never input.
 */
export async function bulkLoad(
  em: EntityManager,
  tables: readonly string[],
  load: () => Promise<void>,
  step: Step,
  triggersKept: readonly string[] = [],
): Promise<void> {
  const loaded = sql`${sql.array(tables, 'text')}::regclass[]`;
  const triggersOff = sql`${sql.array(
    tables.filter((t) => !triggersKept.includes(t)),
    'text',
  )}::regclass[]`;
  await query(
    em,
    sql`create temp table seed_bulk_ddl on commit drop as
     select 1 as ord, format('drop index %s', indexrelid::regclass) as undo, pg_get_indexdef(indexrelid) as redo
       from pg_index where indrelid = any(${loaded}) and not indisunique
     union all
     select 2, format('alter table %s drop constraint %I', conrelid::regclass, conname),
       format('alter table %s add constraint %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
       from pg_constraint where conrelid = any(${loaded}) and contype = 'f'
     union all
     select 3, format('alter table %s disable trigger user', t), format('alter table %s enable trigger user', t) from unnest(${triggersOff}) t`,
  );
  await query(
    em,
    sql`do $$ declare s text; begin for s in select undo from seed_bulk_ddl order by ord loop execute s; end loop; end $$`,
  );
  await load();
  await step('indexes, foreign keys and triggers back', () =>
    query(
      em,
      sql`do $$ declare s text; begin for s in select redo from seed_bulk_ddl order by ord loop execute s; end loop; end $$`,
    ),
  );
  // The statements after the load plan on these tables' sizes, which only ANALYZE tells them.
  await step('analyze', () => query(em, sql`analyze ${sql.raw(tables.join(', '))}`));
}
