import { createHmac } from 'node:crypto';
import { isbot } from 'isbot';
import { repeatKey, repeatWindowMinutes, type TrafficKind } from '../domain/analytics.js';
import { isoDate } from '../domain/weeks.js';
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

/** A visit waiting for the next flush: the repeat guard's hash stands for the visitor, never their address. */
interface Waiting {
  kind: TrafficKind;
  listingId: number;
  place: string;
  referrerHost: string;
  /** Hex, as the flush sends it. */
  hash: string;
  at: Date;
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
  #waiting: Waiting[] = [];
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
    const salt = await this.#salt.of(isoDate(now));
    const hash = createHmac('sha256', salt)
      .update(repeatKey(visit.kind, visit.place, visit.slug, requester.address, requester.userAgent))
      .digest()
      .toString('hex', 0, 16);
    const { kind, listingId, place } = visit;
    this.#waiting.push({ kind, listingId, place, referrerHost: visit.referrerHost ?? '', hash, at: now });
    if (this.#waiting.length > this.maxWaiting) this.drop(this.#waiting.length - this.maxWaiting);
  }

  /** Flushes every second until `stop`. */
  start(): void {
    this.#timer ??= setInterval(() => {
      if (!this.#writing && this.#waiting.length) void this.flush();
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
    if (!this.#waiting.length) return;
    this.#writing = true;
    const { batch, later } = firstOfEach(this.#waiting);
    this.#waiting = [];
    try {
      await this.insert(batch);
      this.#waiting = [...later, ...this.#waiting];
      if (this.#outage) this.log.info(this.#outage, 'visits are counted again');
      this.#outage = undefined;
    } catch (error) {
      if (!this.#outage) this.log.warn({ err: error }, 'visits could not be counted; they wait for the next flush');
      this.#outage ??= { dropped: 0 };
      this.#waiting = [...batch, ...later, ...this.#waiting];
      if (this.#waiting.length > this.maxWaiting) this.drop(this.#waiting.length - this.maxWaiting);
    } finally {
      this.#writing = false;
    }
  }

  private drop(oldest: number): void {
    this.#waiting.splice(0, oldest);
    countVisitsDropped(oldest);
    this.#outage ??= { dropped: 0 };
    this.#outage.dropped += oldest;
  }

  /**
   * One statement: the batch's hashes go into the repeat guard, where a hash seen within the
   * window by any process stays as it was; the visits whose hash went in count, added up by row.
   */
  private async insert(batch: Waiting[]): Promise<void> {
    const rows = batch.map((w) => ({
      hash: w.hash,
      at: w.at.getTime(),
      listing_id: w.listingId,
      kind: w.kind,
      place: w.place,
      referrer_host: w.referrerHost,
    }));
    // One JSON text: a few milliseconds less of the event loop per thousand visits than arrays of bytea and dates.
    await prepared(
      this.pool,
      sql`with v as (select decode(r.hash, 'hex') as hash, to_timestamp(r.at / 1000.0) as at, r.listing_id, r.kind, r.place, r.referrer_host
           from json_to_recordset(${sql.json(rows)}::json) as r (hash text, at bigint, listing_id int, kind text, place text, referrer_host text)),
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

/**
 * The first visit of each hash, as one statement cannot touch a row twice: a repeat within the
 * window of it is left out (a repeat either way), a later one waits for the next flush.
 */
function firstOfEach(waiting: Waiting[]): { batch: Waiting[]; later: Waiting[] } {
  const first = new Map<string, Waiting>();
  const later: Waiting[] = [];
  for (const visit of waiting) {
    const kept = first.get(visit.hash);
    if (!kept) first.set(visit.hash, visit);
    else if (visit.at.getTime() - kept.at.getTime() >= repeatWindowMs) later.push(visit);
  }
  return { batch: [...first.values()], later };
}
