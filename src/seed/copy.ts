import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';

/** A value as COPY's text format reads it; arrays and JSON arrive already spelled (see pgArray). */
export type CopyValue = string | number | null;

/** Backslash, tab, newline and carriage return are the characters COPY's text format escapes. */
const copyEscapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export function copyField(value: CopyValue): string {
  if (value === null) return '\\N';
  return typeof value === 'number' ? String(value) : value.replace(/[\\\t\n\r]/g, (c) => copyEscapes[c]);
}

/** A text array literal, each element quoted so that commas, braces and the word NULL stay text. */
export function pgArray(items: readonly string[]): string {
  return `{${items.map((item) => `"${item.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

/** How many rows go to PostgreSQL in one chunk of the stream. */
const rowsPerChunk = 500;

/**
 * Streams rows into `table` with COPY FROM STDIN on the connection of the EntityManager's
 * transaction, pulling them from `rows` only as fast as PostgreSQL takes them, so that memory
 * holds one chunk, not the table. The first row's keys name the columns; `table` and the keys are
 * trusted names, never input.
 */
export async function copyInto(em: EntityManager, table: string, rows: Iterable<Record<string, CopyValue>>): Promise<void> {
  const source = rows[Symbol.iterator]();
  const first = source.next();
  if (first.done) return;
  const columns = Object.keys(first.value);
  function* chunks(): Generator<string> {
    let chunk = '';
    let count = 0;
    for (let row = first; !row.done; row = source.next()) {
      chunk += `${columns.map((c) => copyField(row.value[c])).join('\t')}\n`;
      if (++count === rowsPerChunk) {
        yield chunk;
        chunk = '';
        count = 0;
      }
    }
    if (chunk) yield chunk;
  }
  // In a transaction the query builder hands out the transaction's own connection.
  const tx = em.getTransactionContext<Knex.Transaction>();
  if (!tx) throw new Error('copyInto runs inside a transaction');
  const client = await (tx.client as { acquireConnection(): Promise<pg.PoolClient> }).acquireConnection();
  await pipeline(Readable.from(chunks()), client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`)));
}
