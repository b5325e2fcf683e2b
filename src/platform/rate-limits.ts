import type { Knex } from '@mikro-orm/postgresql';
import { builderQuery, sql } from './sql.js';

/**
 * Fixed-window request budgets shared by every api process through the `rate_limit` table
 * (key, points used, window end in epoch ms).
 *
 * A process answers from its own count and adds what it counted to PostgreSQL in one statement
 * every `syncMs`, so that a busy client costs no row write per request. The first request of a
 * key's window in a process waits for PostgreSQL (so it starts from what every process counted);
 * later ones are counted here and learn the others' counts at the next sync. In one process the
 * counts and headers are exact; with N processes a client can overshoot by at most what the
 * other N - 1 processes let through during one sync interval. If PostgreSQL cannot answer, the
 * local count stands in and the unsynced points are retried at the next sync.
 */

interface Window {
  /** Points used in the window: the shared total at the last sync plus what this process counted since. */
  used: number;
  /** Points counted here and not yet added to PostgreSQL. */
  pending: number;
  /** End of the window, epoch ms. */
  endsAt: number;
  /** Opened here without the shared count, which the next sync brings. */
  unshared?: boolean;
}

export interface Consumed {
  used: number;
  endsAt: number;
}

export class SharedRateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly opening = new Map<string, Promise<Window>>();
  private timer: NodeJS.Timeout | undefined;
  /** Callers waiting for the sync under way or the next one. */
  private syncWaiters: Array<() => void> = [];

  constructor(
    private readonly knex: Knex,
    private readonly windowMs: number,
    private readonly syncMs: number,
  ) {}

  /**
   * Uses one point of `key`'s budget when this process has the key's window open, at once (most
   * requests); undefined when the window must be opened first (then call `consume`).
   */
  tryConsume(key: string): Consumed | undefined {
    const window = this.windows.get(key);
    return window && window.endsAt > Date.now() ? this.count(window) : undefined;
  }

  /** Uses one point of `key`'s budget; returns the window's points used (this one included) and its end. */
  async consume(key: string): Promise<Consumed> {
    const counted = this.tryConsume(key);
    if (counted) return counted;
    const opening = this.opening.get(key);
    return opening ? this.count(await opening) : this.open(key, Date.now());
  }

  /**
   * Like `consume`, but the first point of a key this process has no window for is counted here at
   * once, without a round trip of its own: the window learns the shared count at the next sync, and
   * the key's further points wait for it. A process so lets through at most one point beyond the
   * shared budget per window.
   */
  async consumeAtOnce(key: string): Promise<Consumed> {
    let window = this.windows.get(key);
    if (!window || window.endsAt <= Date.now()) {
      window = { used: 0, pending: 0, endsAt: Date.now() + this.windowMs, unshared: true };
      this.windows.set(key, window);
      return this.count(window);
    }
    while (window.unshared) await new Promise<void>((resolve) => this.syncWaiters.push(resolve));
    return this.count(window);
  }

  private count(window: Window): Consumed {
    window.used += 1;
    window.pending += 1;
    this.timer ??= setTimeout(() => void this.sync(), this.syncMs).unref();
    return { used: window.used, endsAt: window.endsAt };
  }

  private async open(key: string, now: number): Promise<Consumed> {
    const opening = addPoints(this.knex, [{ key, points: 1 }], now, this.windowMs)
      .then(([row]) => ({ used: row.used, pending: 0, endsAt: row.endsAt }))
      .catch(() => ({ used: 1, pending: 1, endsAt: now + this.windowMs }));
    this.opening.set(key, opening);
    try {
      const window = await opening;
      this.windows.set(key, window);
      return { used: window.used, endsAt: window.endsAt };
    } finally {
      this.opening.delete(key);
    }
  }

  /** Adds every key's pending points to PostgreSQL and takes in what the other processes counted. */
  private async sync(): Promise<void> {
    const now = Date.now();
    const batch: Array<{ key: string; points: number }> = [];
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(key);
      else if (window.pending > 0) {
        batch.push({ key, points: window.pending });
        window.pending = 0;
      }
    }
    try {
      if (batch.length) {
        for (const row of await addPoints(this.knex, batch, now, this.windowMs)) {
          const window = this.windows.get(row.key);
          if (window) Object.assign(window, { used: row.used + window.pending, endsAt: row.endsAt, unshared: false });
        }
      }
    } catch {
      for (const { key, points } of batch) {
        const window = this.windows.get(key);
        // The local count stands in, as for a window whose opening failed.
        if (window) Object.assign(window, { pending: window.pending + points, unshared: false });
      }
    } finally {
      this.timer = undefined;
      for (const wake of this.syncWaiters.splice(0)) wake();
      if ([...this.windows.values()].some((w) => w.pending > 0))
        this.timer = setTimeout(() => void this.sync(), this.syncMs).unref();
    }
  }
}

/** Adds points to each key's current window (a new one when it ended) and returns the totals. */
async function addPoints(
  knex: Knex,
  batch: Array<{ key: string; points: number }>,
  now: number,
  windowMs: number,
): Promise<Array<{ key: string; used: number; endsAt: number }>> {
  const result = await builderQuery(
    knex,
    sql<{ key: string; points: number; expire: string }>`insert into rate_limit (key, points, expire)
       select key, points, ${now + windowMs}::bigint from json_to_recordset(${sql.json(batch)}::json) as t(key varchar, points int)
     on conflict (key) do update set
       points = case when rate_limit.expire <= ${now} then excluded.points else rate_limit.points + excluded.points end,
       expire = case when rate_limit.expire <= ${now} then excluded.expire else rate_limit.expire end
     returning key, points, expire`,
  );
  return result.rows.map((r) => ({ key: r.key, used: r.points, endsAt: Number(r.expire) }));
}

/** Deletes windows that ended, so the table holds only callers seen in the current window. */
export async function purgeEndedRateLimits(knex: Knex, now = Date.now()): Promise<number> {
  const result = await builderQuery(knex, sql`delete from rate_limit where expire <= ${now}`);
  return result.rowCount;
}
