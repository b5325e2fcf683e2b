import type { Knex } from '@mikro-orm/postgresql';
import { AppError } from '../errors.js';
import { SharedRateLimiter } from './rate-limits.js';

/**
 * At most `perHour` actions an hour under each key (a person, a network), shared by every api
 * process through the rate_limit table; beyond it, 429 with when to try again. A key's first
 * action in a process costs no round trip of its own: it is counted at once and added at the next
 * sync, so a process lets through at most one action beyond the budget an hour.
 */
export class HourlyLimit {
  private readonly limiter: SharedRateLimiter;

  constructor(
    knex: Knex,
    private readonly perHour: number,
    syncMs: number,
    /** What is counted, in the refusal's words: "votes, follows or reviews". */
    private readonly what: string,
  ) {
    this.limiter = new SharedRateLimiter(knex, 3600_000, syncMs);
  }

  /** Counts one action under every key; the first key past its budget refuses it. */
  async consume(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const { used, endsAt } = await this.limiter.consumeAtOnce(key);
      if (used <= this.perHour) continue;
      const retry = Math.max(1, Math.ceil((endsAt - Date.now()) / 1000));
      throw new AppError(
        'rate_limited',
        `At most ${this.perHour} ${this.what} an hour; try again in ${Math.ceil(retry / 60)} minutes.`,
        [],
        { retryAfterSeconds: retry },
      );
    }
  }
}
