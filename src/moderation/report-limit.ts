import type { Knex } from '@mikro-orm/postgresql';
import { AppError } from '../errors.js';
import { SharedRateLimiter } from '../platform/rate-limits.js';

/**
 * At most `perHour` reports an hour per person (a signed-in account, else the email given) and per
 * network (a keyed hash of the address's prefix), shared by every api process through rate_limit.
 */
export class ReportLimit {
  private readonly limiter: SharedRateLimiter;

  constructor(
    knex: Knex,
    private readonly perHour: number,
    syncMs: number,
  ) {
    this.limiter = new SharedRateLimiter(knex, 3600_000, syncMs);
  }

  async consume(person: string, network: string | null): Promise<void> {
    const keys = [`report:person:${person}`, ...(network ? [`report:network:${network}`] : [])];
    for (const key of keys) {
      const { used, endsAt } = await this.limiter.consume(key);
      if (used <= this.perHour) continue;
      const retry = Math.max(1, Math.ceil((endsAt - Date.now()) / 1000));
      throw new AppError(
        'rate_limited',
        `At most ${this.perHour} reports an hour may come from one person or network; try again in ${Math.ceil(retry / 60)} minutes.`,
        [],
        { retryAfterSeconds: retry },
      );
    }
  }
}
