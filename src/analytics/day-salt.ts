import { randomBytes } from 'node:crypto';
import { epochDay, isoDate } from '../domain/weeks.js';
import { prepared, sql, type ReadPool } from '../platform/sql.js';

/**
 * The day's salt that keys the repeat guard's hashes, shared by every api process through
 * PostgreSQL and kept in memory for the rest of its day: the first process to ask creates it, the
 * others read it back. Housekeeping deletes it with the day's hashes once the day is over.
 */
export class DaySalt {
  /** Days since the epoch (UTC): comparing it costs a visit less than working out the date. */
  #day = -1;
  #salt: Promise<Buffer> | undefined;

  constructor(private readonly pool: ReadPool) {}

  /** The salt of the UTC day of `now`. */
  of(now: Date): Promise<Buffer> {
    const day = epochDay(now);
    if (day !== this.#day || !this.#salt) {
      const salt = this.load(isoDate(now));
      this.#day = day;
      this.#salt = salt;
      // A failed read is asked again by the next request, not remembered.
      salt.catch(() => {
        if (this.#salt === salt) this.#salt = undefined;
      });
    }
    return this.#salt;
  }

  private async load(day: string): Promise<Buffer> {
    const [row] = await prepared(
      this.pool,
      sql<{ salt: Buffer }>`insert into analytics_salt (day, salt) values (${day}, ${randomBytes(32)})
        on conflict (day) do update set day = excluded.day returning salt`,
    );
    return row.salt;
  }
}
