import type { EntityManager } from '@mikro-orm/postgresql';
import { execute, query, sql } from './sql.js';

export type IdempotencyClaim =
  /** `claimedAt`: the claim's own time, as PostgreSQL's text (to the microsecond), which its release names. */
  | { kind: 'claimed'; claimedAt: string }
  | { kind: 'running' }
  | { kind: 'mismatch' }
  | { kind: 'done'; status: number; body: object };

interface Claim {
  caller: string;
  key: string;
  claimedAt: string;
}

/** A claim running this long was left by a process that died mid-request: else its key would answer 409 for a day. */
const abandonedAfter = '60 seconds';

/**
 * Claims of failed requests this process could not release (PostgreSQL gone), released before
 * its next claim: their retries need not wait out `abandonedAfter` once PostgreSQL is back.
 */
const owedReleases = new Map<string, Claim>();

/**
 * The Idempotency-Key store. A key is claimed by inserting a 'running' row; the primary key makes
 * that claim atomic across every api process, so concurrent retries run the operation once. The
 * same request may claim again a key abandoned (`abandonedAfter`) by a process that died.
 */
export class IdempotencyStore {
  constructor(private readonly em: EntityManager) {}

  async claim(caller: string, key: string, operation: string, requestHash: string, ttlHours: number): Promise<IdempotencyClaim> {
    const em = this.em;
    for (const owed of owedReleases.values()) await this.release(owed);
    await query(em, sql`delete from idempotency_record where caller = ${caller} and key = ${key} and expires_at <= now()`);
    const [inserted] = await query(
      em,
      sql<{ claimed_at: string }>`insert into idempotency_record (caller, key, operation, request_hash, state, expires_at)
       values (${caller}, ${key}, ${operation}, ${requestHash}, 'running', now() + make_interval(hours => ${ttlHours}))
       on conflict (caller, key) do update set created_at = now()
         where idempotency_record.state = 'running' and idempotency_record.created_at < now() - ${abandonedAfter}::interval
           and idempotency_record.operation = excluded.operation and idempotency_record.request_hash = excluded.request_hash
       returning created_at::text as claimed_at`,
    );
    if (inserted) return { kind: 'claimed', claimedAt: inserted.claimed_at };
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

  /**
   * Frees the key of a request that failed, so that a retry runs again rather than replaying a
   * failure; only its own claim, never one a retry took over since. A release that fails is owed.
   */
  async release(claim: Claim): Promise<void> {
    const { caller, key, claimedAt } = claim;
    try {
      await query(
        this.em,
        sql`delete from idempotency_record where caller = ${caller} and key = ${key} and state = 'running'
          and created_at = ${claimedAt}::timestamptz`,
      );
      owedReleases.delete(`${caller}\n${key}`);
    } catch {
      owedReleases.set(`${caller}\n${key}`, claim);
    }
  }

  async purgeExpired(): Promise<number> {
    return execute(this.em, sql`delete from idempotency_record where expires_at <= now()`);
  }
}
