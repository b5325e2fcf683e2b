import { query, sql } from '../src/platform/sql.js';
import type { ClickStormResult } from './click-storm.js';
import type { BenchStack } from './stack.js';

/** Launch day's clicks row held against PostgreSQL: the client's log of clicks that should count, against the hourly rows. */
export interface ClickCheck {
  expected: number;
  stored: number;
  /** Clicks in the client's log that PostgreSQL does not count, summed over listings and places. */
  lost: number;
  /** Clicks PostgreSQL counts beyond the client's log: bots, repeats or doubles that got in. */
  extra: number;
}

/** The clicks PostgreSQL counts for the launched listings, by `<slug> <place>`. */
export async function storedClicks(stack: BenchStack, slugs: string[]): Promise<Map<string, number>> {
  const rows = await query(
    stack.deps.orm.em.fork(),
    sql<{ key: string; n: number }>`select l.slug || ' ' || t.place as key, sum(t.count)::int as n
      from listing_traffic t join listing l on l.id = t.listing_id
      where t.kind = 'click' and l.slug = any(${sql.array(slugs, 'text')}) group by 1`,
  );
  return new Map(rows.map((r) => [r.key, r.n]));
}

/** The client's log of clicks that should count against what PostgreSQL counted during the storm. */
export function checkClicks(before: Map<string, number>, after: Map<string, number>, clicks: ClickStormResult): ClickCheck {
  const keys = new Set([...after.keys(), ...Object.keys(clicks.expected)]);
  let lost = 0;
  let extra = 0;
  for (const key of keys) {
    const counted = (after.get(key) ?? 0) - (before.get(key) ?? 0);
    const wanted = clicks.expected[key] ?? 0;
    lost += Math.max(0, wanted - counted);
    extra += Math.max(0, counted - wanted);
  }
  const sum = (m: Iterable<number>) => [...m].reduce((a, b) => a + b, 0);
  return { expected: sum(Object.values(clicks.expected)), stored: sum(after.values()) - sum(before.values()), lost, extra };
}

/** How the clicks row is measured and checked, printed above the results. */
export const clickMethod = (
  connections: number,
) => `Clicks. Then, on their own, ${connections} connections follow \`/go/<slug>?via=<place>\` links of
the launched listings for 30 s (attention as uneven as the votes', places at random), each visitor
with an address of its own (X-Forwarded-For) and a browser's user agent; a tenth of the clicks
come from bots' user agents, and a tenth of the rest repeat an earlier click of the same visitor,
listing and place. The client logs each visitor's first click of a listing and place answered with
a 302 to the website: only those should count. After the run, once the api has written the counts
it still held (they wait up to a second in its memory), the clicks PostgreSQL counted for each
launched listing and place (the hourly rows) are compared with that log: lost (in the log,
not counted) and extra (counted beyond the log: a bot, a repeat or a double that got in).`;
