import { createHmac } from 'node:crypto';
import { isbot } from 'isbot';
import { repeatKey, repeatWindowMinutes, type TrafficKind } from '../domain/analytics.js';
import type { Logger } from '../logger.js';
import { countVisitsDropped } from '../platform/metrics.js';
import { prepared, sql, type ReadPool } from '../platform/sql.js';
import { DaySalt } from './day-salt.js';

/** Who asked, as far as the repeat guard needs it: held for the request only, never stored. */
export interface Requester {
  /** From the trusted-proxy logic (ctx.ip), never a header read directly. */
  address: string;
  userAgent: string | undefined;
  /** A HEAD request, or a browser fetching ahead (Sec-Purpose: prefetch), is not a visit. */
  preview: boolean;
}

export interface Visit {
  kind: TrafficKind;
  /** The listing, already found by the request that answers the visit. */
  listingId: number;
  slug: string;
  /** Where a click came from (src/domain/analytics.ts clickPlaces); '' for the other kinds. */
  place: string;
  referrerHost: string | null;
}

/**
 * A visit waiting for the next flush: the repeat guard's hash stands for the visitor, never their
 * address. Its line is the row the flush sends, built when the visit is noted so that a flush of
 * thousands only joins them: `<hash hex> <ms> <listing id> <kind> <place> <referrer host>`, where
 * place and host may be empty and neither holds a space (places are fixed words, hosts are parsed).
 */
interface Waiting {
  hash: string;
  at: number;
  line: string;
}

/** Agents whose verdict is remembered at most, a few MB; beyond, the memory starts again. */
const botVerdictsKept = 10_000;
const botVerdicts = new Map<string, boolean>();

/** isbot's verdict, remembered: visitors send few distinct agents, and its pattern costs a click more than its hash. */
function isBotAgent(agent: string): boolean {
  let verdict = botVerdicts.get(agent);
  if (verdict === undefined) {
    if (botVerdicts.size >= botVerdictsKept) botVerdicts.clear();
    verdict = isbot(agent);
    botVerdicts.set(agent, verdict);
  }
  return verdict;
}

/** Visits are written this often, in one statement per api process. */
const flushEveryMs = 1000;
const repeatWindowMs = repeatWindowMinutes * 60_000;

/**
 * Counts visits in hourly rows (`listing_traffic`) without keeping who: a bot or a preview is not
 * counted, and a repeat of the same kind and place by the same address and browser within 30
 * minutes counts once, recognised by a keyed hash that lives one day (`analytics_repeat`). Visits
 * wait in memory and are written every second, so that a request adds no write of its own.
 */
export class TrafficCounter {
  readonly #salt: DaySalt;
  /** The first visit of each hash since the last flush, and when it came. */
  #batch: Waiting[] = [];
  #firstAt = new Map<string, number>();
  /** Visits of a hash already in the batch but beyond its window: they count, in the next flush. */
  #later: Waiting[] = [];
  #flushing: Promise<void> = Promise.resolve();
  #writing = false;
  #timer: NodeJS.Timeout | undefined;
  /** Set while flushes fail: the outage is logged once, with what it cost when it ends. */
  #outage: { dropped: number } | undefined;

  constructor(
    private readonly pool: ReadPool,
    private readonly log: Logger,
    /** While PostgreSQL is away, at most this many visits wait (a few MB); the oldest go first. */
    private readonly maxWaiting = 200_000,
  ) {
    this.#salt = new DaySalt(pool);
  }

  /**
   * Notes a visit for the next flush. The only SQL is reading the day's salt, once a day per
   * process; the address and user agent end with this call, only their keyed hash waits.
   */
  async count(visit: Visit, requester: Requester, now = new Date()): Promise<void> {
    if (requester.preview || !requester.userAgent || isBotAgent(requester.userAgent)) return;
    const at = now.getTime();
    const salt = await this.#salt.of(now);
    const hash = createHmac('sha256', salt)
      .update(repeatKey(visit.kind, visit.place, visit.slug, requester.address, requester.userAgent))
      .digest()
      .toString('hex', 0, 16);
    const line = `${hash} ${at} ${visit.listingId} ${visit.kind} ${visit.place} ${visit.referrerHost ?? ''}`;
    this.admit({ hash, at, line });
    this.dropBeyondBound();
  }

  /**
   * One statement cannot touch a row twice, so the batch holds the first visit of each hash: a
   * repeat within the window of it is left out (a repeat either way), a later one waits for the
   * next flush.
   */
  private admit(visit: Waiting): void {
    const first = this.#firstAt.get(visit.hash);
    if (first === undefined) {
      this.#firstAt.set(visit.hash, visit.at);
      this.#batch.push(visit);
    } else if (visit.at - first >= repeatWindowMs) this.#later.push(visit);
  }

  /** Every visit waiting, in the batch and later, leaving none. */
  private takeAll(): { batch: Waiting[]; later: Waiting[] } {
    const taken = { batch: this.#batch, later: this.#later };
    this.#batch = [];
    this.#later = [];
    this.#firstAt = new Map();
    return taken;
  }

  /** Puts visits back ahead of those noted since, oldest first, as if they had just been noted. */
  private requeue(older: Waiting[]): void {
    const since = this.takeAll();
    for (const visit of [...older, ...since.batch, ...since.later]) this.admit(visit);
  }

  /** Flushes every second until `stop`. */
  start(): void {
    this.#timer ??= setInterval(() => {
      if (!this.#writing && this.#batch.length) void this.flush();
    }, flushEveryMs);
    this.#timer.unref();
  }

  /** Stops the flushes after a last one, for a process that is going: its visits are written first. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }

  /** Writes every visit noted so far (after a flush under way); a failure keeps them for the next. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.write());
    return this.#flushing;
  }

  private async write(): Promise<void> {
    if (!this.#batch.length) return;
    this.#writing = true;
    const { batch, later } = this.takeAll();
    try {
      await this.insert(batch);
      this.requeue(later);
      if (this.#outage) this.log.info(this.#outage, 'visits are counted again');
      this.#outage = undefined;
    } catch (error) {
      if (!this.#outage) this.log.warn({ err: error }, 'visits could not be counted; they wait for the next flush');
      this.#outage ??= { dropped: 0 };
      this.requeue([...batch, ...later]);
      this.dropBeyondBound();
    } finally {
      this.#writing = false;
    }
  }

  /**
   * Drops the oldest first visits beyond `maxWaiting`; a later visit of the same hash becomes the
   * first of the next batch.
   */
  private dropBeyondBound(): void {
    const oldest = this.#batch.length + this.#later.length - this.maxWaiting;
    if (oldest <= 0) return;
    const firsts = this.#batch.splice(0, oldest);
    for (const visit of firsts) this.#firstAt.delete(visit.hash);
    const dropped = firsts.length + this.#later.splice(0, oldest - firsts.length).length;
    countVisitsDropped(dropped);
    this.#outage ??= { dropped: 0 };
    this.#outage.dropped += dropped;
  }

  /**
   * One statement: the batch's hashes go into the repeat guard, where a hash seen within the
   * window by any process stays as it was; the visits whose hash went in count, added up by row.
   */
  private async insert(batch: Waiting[]): Promise<void> {
    // Lines of text: half the JSON's bytes, and nothing to build at flush but one join.
    const lines = batch.map((visit) => visit.line).join('\n');
    await prepared(
      this.pool,
      sql`with v as (select decode(f[1], 'hex') as hash, to_timestamp(f[2]::bigint / 1000.0) as at, f[3]::int as listing_id,
             f[4] as kind, f[5] as place, f[6] as referrer_host
           from string_to_table(${lines}::text, E'\n') as line, string_to_array(line, ' ') as f),
       seen as (insert into analytics_repeat (hash, day, seen_at) select hash, (at at time zone 'UTC')::date, at from v
         on conflict (hash) do update set seen_at = excluded.seen_at
           where analytics_repeat.seen_at <= excluded.seen_at - make_interval(mins => ${repeatWindowMinutes})
         returning hash)
       insert into listing_traffic (listing_id, hour, kind, place, referrer_host, count)
         select v.listing_id, date_trunc('hour', v.at, 'UTC'), v.kind, v.place, v.referrer_host, count(*)
         from v join seen using (hash) join listing l on l.id = v.listing_id
         group by 1, 2, 3, 4, 5
         on conflict (listing_id, hour, kind, place, referrer_host) do update set count = listing_traffic.count + excluded.count`,
    );
  }
}
