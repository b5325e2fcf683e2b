import type { EntityManager } from '@mikro-orm/postgresql';
import type { QueryResult } from '@mikro-orm/postgresql';

export type IdempotencyClaim =
  | { kind: 'claimed' }
  | { kind: 'running' }
  | { kind: 'mismatch' }
  | { kind: 'done'; status: number; body: object };

/**
 * The Idempotency-Key store. A key is claimed by inserting a 'running' row; the primary key makes
 * that claim atomic across every api process, so concurrent retries run the operation once.
 */
export class IdempotencyStore {
  constructor(private readonly em: EntityManager) {}

  async claim(caller: string, key: string, operation: string, requestHash: string, ttlHours: number): Promise<IdempotencyClaim> {
    const conn = this.em.getConnection();
    await conn.execute('delete from idempotency_record where caller = ? and key = ? and expires_at <= now()', [caller, key]);
    const inserted = await conn.execute<{ key: string }[]>(
      `insert into idempotency_record (caller, key, operation, request_hash, state, expires_at)
       values (?, ?, ?, ?, 'running', now() + make_interval(hours => ?))
       on conflict (caller, key) do nothing returning key`,
      [caller, key, operation, requestHash, ttlHours],
    );
    if (inserted.length) return { kind: 'claimed' };
    const [row] = await conn.execute<
      { operation: string; request_hash: string; state: string; response_status: number; response_body: object }[]
    >('select operation, request_hash, state, response_status, response_body from idempotency_record where caller = ? and key = ?', [caller, key]);
    if (!row) return this.claim(caller, key, operation, requestHash, ttlHours);
    if (row.operation !== operation || row.request_hash !== requestHash) return { kind: 'mismatch' };
    if (row.state === 'running') return { kind: 'running' };
    return { kind: 'done', status: row.response_status, body: row.response_body };
  }

  async complete(caller: string, key: string, status: number, body: object): Promise<void> {
    await this.em.getConnection().execute(
      `update idempotency_record set state = 'done', response_status = ?, response_body = ?::jsonb where caller = ? and key = ?`,
      [status, JSON.stringify(body), caller, key],
    );
  }

  /** Frees a key whose request failed, so that a retry runs again rather than replaying a failure. */
  async release(caller: string, key: string): Promise<void> {
    await this.em.getConnection().execute(`delete from idempotency_record where caller = ? and key = ? and state = 'running'`, [caller, key]);
  }

  async purgeExpired(): Promise<number> {
    const res = await this.em.getConnection().execute<QueryResult>('delete from idempotency_record where expires_at <= now()', [], 'run');
    return res.affectedRows;
  }
}
