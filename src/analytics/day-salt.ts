import { randomBytes } from 'node:crypto';
import { prepared, sql, type ReadPool } from '../platform/sql.js';

/**
 * The day's salt that keys the repeat guard's hashes, shared by every api process through
 * PostgreSQL and kept in memory for the rest of its day: the first process to ask creates it, the
 * others read it back. Housekeeping deletes it with the day's hashes once the day is over.
 */
export class DaySalt {
  #day = '';
  #salt: Promise<Buffer> | undefined;

  constructor(private readonly pool: ReadPool) {}

  of(day: string): Promise<Buffer> {
    if (day !== this.#day || !this.#salt) {
      const salt = this.load(day);
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
