import { startTestApp, type TestApp } from '../support/app.js';
import { purgeEndedRateLimits, SharedRateLimiter } from '../../src/platform/rate-limits.js';

describe('shared rate limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ worker: false });
  });
  afterAll(() => app.close());

  it('counts exactly in one process and learns what other processes counted at the next sync', async () => {
    const knex = app.deps.orm.em.getConnection().getKnex();
    const one = new SharedRateLimiter(knex, 60_000, 20);
    const two = new SharedRateLimiter(knex, 60_000, 20);
    const used = [];
    for (let i = 0; i < 5; i++) used.push((await one.consume('ip:shared')).used);
    expect(used).toEqual([1, 2, 3, 4, 5]);
    // A second process opens the window from PostgreSQL once the first has synced its counts.
    for (let tries = 0; tries < 100 && (await points()) < 5; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await two.consume('ip:shared')).used).toBe(6);
    // The first process counts its next point on what it knew, and takes in the other's at its sync.
    expect((await one.consume('ip:shared')).used).toBe(6);
    for (let tries = 0; tries < 100 && (await points()) < 7; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the sync's answer reaches the first process
    expect((await one.consume('ip:shared')).used).toBe(8);

    async function points(): Promise<number> {
      const [row] = await knex
        .raw<{ rows: Array<{ points: number }> }>(`select points from rate_limit where key = 'ip:shared'`)
        .then((r) => r.rows);
      return row?.points ?? 0;
    }
  });

  it('purges windows that ended and keeps the current ones', async () => {
    const knex = app.deps.orm.em.getConnection().getKnex();
    await knex.raw(`insert into rate_limit (key, points, expire) values ('ip:ended', 3, ?), ('ip:current', 2, ?)`, [
      Date.now() - 1000,
      Date.now() + 60_000,
    ]);
    expect(await purgeEndedRateLimits(knex)).toBeGreaterThanOrEqual(1);
    const keys = (
      await knex.raw<{ rows: Array<{ key: string }> }>(`select key from rate_limit where key in ('ip:ended', 'ip:current')`)
    ).rows.map((r) => r.key);
    expect(keys).toEqual(['ip:current']);
  });
});
