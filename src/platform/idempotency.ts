import type { EntityManager } from '@mikro-orm/postgresql';
import { execute, query, sql } from './sql.js';

export type IdempotencyClaim =
  { kind: 'claimed' } | { kind: 'running' } | { kind: 'mismatch' } | { kind: 'done'; status: number; body: object };

/** A claim running this long was left by a process that died mid-request: else its key would answer 409 for a day. */
const abandonedAfter = '60 seconds';

/**
 * The Idempotency-Key store. A key is claimed by inserting a 'running' row; the primary key makes
 * that claim atomic across every api process, so concurrent retries run the operation once. The
 * same request may claim again a key abandoned (`abandonedAfter`) by a process that died.
 */
export class IdempotencyStore {
  constructor(private readonly em: EntityManager) {}

  async claim(caller: string, key: string, operation: string, requestHash: string, ttlHours: number): Promise<IdempotencyClaim> {
    const em = this.em;
    await query(em, sql`delete from idempotency_record where caller = ${caller} and key = ${key} and expires_at <= now()`);
    const inserted = await query(
      em,
      sql<{ key: string }>`insert into idempotency_record (caller, key, operation, request_hash, state, expires_at)
       values (${caller}, ${key}, ${operation}, ${requestHash}, 'running', now() + make_interval(hours => ${ttlHours}))
       on conflict (caller, key) do update set created_at = now()
         where idempotency_record.state = 'running' and idempotency_record.created_at < now() - ${abandonedAfter}::interval
           and idempotency_record.operation = excluded.operation and idempotency_record.request_hash = excluded.request_hash
       returning key`,
    );
    if (inserted.length) return { kind: 'claimed' };
    const [row] = await query(
      em,
      sql<{
        operation: string;
        request_hash: string;
        state: string;
        response_status: number;
        response_body: object;
      }>`select operation, request_hash, state, response_status, response_body from idempotency_record where caller = ${caller} and key = ${key}`,
    );
    if (!row) return this.claim(caller, key, operation, requestHash, ttlHours);
    if (row.operation !== operation || row.request_hash !== requestHash) return { kind: 'mismatch' };
    if (row.state === 'running') return { kind: 'running' };
    return { kind: 'done', status: row.response_status, body: row.response_body };
  }

  async complete(caller: string, key: string, status: number, body: object): Promise<void> {
    await query(
      this.em,
      sql`update idempotency_record set state = 'done', response_status = ${status}, response_body = ${sql.json(body)}::jsonb where caller = ${caller} and key = ${key}`,
    );
  }

  /** Frees a key whose request failed, so that a retry runs again rather than replaying a failure. */
  async release(caller: string, key: string): Promise<void> {
    await query(this.em, sql`delete from idempotency_record where caller = ${caller} and key = ${key} and state = 'running'`);
  }

  async purgeExpired(): Promise<number> {
    return execute(this.em, sql`delete from idempotency_record where expires_at <= now()`);
  }
}
