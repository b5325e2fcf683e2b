import type { Knex } from '@mikro-orm/postgresql';
import { AppError } from '../errors.js';
import { SharedRateLimiter } from '../platform/rate-limits.js';

/**
 * A per-account budget for votes, follows, reviews and reports (each cast or withdrawal counts),
 * shared by every api process through the rate_limit table, so a script cannot flip votes at speed.
 * A person's first action in a process costs no round trip of its own: it is counted at once and
 * added at the next sync, so a process lets through at most one action beyond the budget an hour.
 */
export class CommunityActionLimit {
  private readonly limiter: SharedRateLimiter;

  constructor(
    knex: Knex,
    private readonly perHour: number,
    syncMs: number,
  ) {
    this.limiter = new SharedRateLimiter(knex, 3600_000, syncMs);
  }

  async consume(userId: number): Promise<void> {
    const { used, endsAt } = await this.limiter.consumeAtOnce(`community:${userId}`);
    if (used <= this.perHour) return;
    const retry = Math.max(1, Math.ceil((endsAt - Date.now()) / 1000));
    throw new AppError(
      'rate_limited',
      `You have made ${this.perHour} votes, follows or reviews in an hour; try again in ${Math.ceil(retry / 60)} minutes.`,
      [],
      { retryAfterSeconds: retry },
    );
  }
}
