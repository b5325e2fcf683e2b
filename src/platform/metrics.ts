import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { TalliedHistogram, talliedCounter } from './tallies.js';

/**
 * The process's Prometheus series (docs/operations.md), served on its own listener
 * (metrics-server.ts). Events are counted where they happen; state (pools, cache size) is read
 * when scraped. One registry per process: an api and a worker in one process (npm start) share it.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const scrapeHooks = new Set<() => void>();

/** Runs `hook` before every scrape (series fed from a buffer drain it then). */
export function beforeEachScrape(hook: () => void): void {
  scrapeHooks.add(hook);
}

/** The Prometheus text of every series. */
export function metricsText(): Promise<string> {
  for (const hook of scrapeHooks) hook();
  return metricsRegistry.metrics();
}

const prefix = 'launch_directory_';
const registers = [metricsRegistry];

// Operation calls take milliseconds to seconds; a crawl-backed one up to a minute.
const durationBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

const operationRequests = talliedCounter({
  name: `${prefix}operation_requests_total`,
  help: 'Calls of each registry operation (REST, MCP and pages alike), by the status they answered.',
  labelNames: ['operation', 'status'],
  registers,
});
const operationDuration = new TalliedHistogram(
  `${prefix}operation_duration_seconds`,
  'How long each registry operation took to answer, in seconds.',
  'operation',
  durationBuckets,
  metricsRegistry,
);
const httpResponses = talliedCounter({
  name: `${prefix}http_responses_total`,
  help: 'HTTP responses of the public port by status, operations, pages, OAuth and webhooks together.',
  labelNames: ['status'],
  registers,
});

/** Every operation's series, at 0 until it is first called: a rate over a series that does not exist yet is no rate. */
export function prepareOperationSeries(operations: readonly { id: string; successStatus: number }[]): void {
  for (const op of operations) {
    operationRequests.counter.inc({ operation: op.id, status: String(op.successStatus) }, 0);
    operationDuration.zero(op.id);
  }
}

/** One call of an operation: what it answered and how long it took (from process.hrtime.bigint()). */
export function countOperation(operation: string, status: number, startedAt: bigint): void {
  operationRequests.count(operation, String(status));
  operationDuration.observe(operation, Number(process.hrtime.bigint() - startedAt) / 1e9);
}

export function countHttpResponse(status: number): void {
  httpResponses.count(String(status));
}

const readCacheLookups = talliedCounter({
  name: `${prefix}read_cache_lookups_total`,
  help: 'Public reads asked of the in-process read cache: hit (served from memory), shared (joined a read under way), miss (read from PostgreSQL).',
  labelNames: ['result'],
  registers,
});

export function countReadCacheLookup(result: 'hit' | 'shared' | 'miss'): void {
  readCacheLookups.count(result);
}

const visitsDropped = new Counter({
  name: `${prefix}analytics_visits_dropped_total`,
  help: 'Visits an api process dropped uncounted: the oldest beyond what it keeps while PostgreSQL cannot be reached.',
  registers,
});

export function countVisitsDropped(visits: number): void {
  visitsDropped.inc(visits);
}

const searchCatchUp = new Histogram({
  name: `${prefix}search_index_catch_up_seconds`,
  help: "How long a search waited for the in-memory index to apply the writes committed before it: the index's lag behind PostgreSQL.",
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30],
  registers,
});
const searchChanges = new Counter({
  name: `${prefix}search_index_changes_applied_total`,
  help: 'Listing rows (changed or gone) the search index applied while catching up.',
  registers,
});
const searchReloads = new Counter({
  name: `${prefix}search_index_loads_total`,
  help: 'Full loads of the search index from PostgreSQL: at start, after too many changes at once, or to drop stale postings.',
  registers,
});
const searchListings = new Gauge({
  name: `${prefix}search_index_listings`,
  help: 'Listings held by the in-memory search index.',
  registers,
});
const searchSyncedAt = new Gauge({
  name: `${prefix}search_index_synced_timestamp_seconds`,
  help: 'When the search index last caught up with PostgreSQL (Unix time); it catches up before every search.',
  registers,
});

export function countSearchCatchUp(startedAt: bigint, changesApplied: number, listings: number): void {
  searchCatchUp.observe(Number(process.hrtime.bigint() - startedAt) / 1e9);
  searchChanges.inc(changesApplied);
  searchListings.set(listings);
  searchSyncedAt.set(Date.now() / 1000);
}

export function countSearchIndexLoad(): void {
  searchReloads.inc();
}

const voteVerdicts = new Counter({
  name: `${prefix}vote_verdicts_total`,
  help: 'Verdicts given to votes: counted, or the discount reason; by the rules at the cast, or by a vote review pass that changed one.',
  labelNames: ['verdict', 'by'],
  registers,
});

/** `reason` null: the vote counts. */
export function countVoteVerdict(reason: string | null, by: 'cast' | 'review'): void {
  voteVerdicts.inc({ verdict: reason ?? 'counted', by });
}

const mails = new Counter({
  name: `${prefix}mails_total`,
  help: 'Mails handed to the mail transport (smtp or the development outbox): sent, or failed.',
  labelNames: ['transport', 'result'],
  registers,
});

export function countMail(transport: string, result: 'sent' | 'failed'): void {
  mails.inc({ transport, result });
}

const workflowStarts = new Counter({
  name: `${prefix}workflow_starts_total`,
  help: 'Workflow start requests by workflow type; a retried request that finds its run open counts again.',
  labelNames: ['workflow_type'],
  registers,
});

export function countWorkflowStart(workflowType: string): void {
  workflowStarts.inc({ workflow_type: workflowType });
}

/** What a pool of database connections says of itself when scraped. */
export interface PoolProbe {
  busy(): number;
  idle(): number;
  waiting(): number;
  max: number;
}

const pools = new Map<string, Set<PoolProbe>>();
/** Sums the probes of a pool name: tests run more than one app in a process. */
const poolGauge = (name: string, help: string, read: (probe: PoolProbe) => number, labelNames = ['pool']) =>
  new Gauge({
    name: `${prefix}${name}`,
    help,
    labelNames,
    registers,
    collect() {
      this.reset();
      for (const [pool, probes] of pools)
        this.set(
          { pool },
          [...probes].reduce((sum, probe) => sum + read(probe), 0),
        );
    },
  });
poolGauge('db_pool_busy_connections', 'Database connections in use, by pool (orm, reads, hot writes).', (p) => p.busy());
poolGauge('db_pool_idle_connections', 'Database connections open and idle, by pool.', (p) => p.idle());
poolGauge('db_pool_waiting_requests', 'Queries waiting for a free connection, by pool.', (p) => p.waiting());
poolGauge('db_pool_max_connections', 'The most connections each pool opens (DATABASE_POOL_MAX).', (p) => p.max);

/** Reports a pool's use under `name` until the returned function is called. */
export function watchPool(name: string, probe: PoolProbe): () => void {
  const set = pools.get(name) ?? new Set();
  pools.set(name, set.add(probe));
  return () => {
    set.delete(probe);
    if (!set.size) pools.delete(name);
  };
}

/** A `pg` pool's own counts. */
export function pgPoolProbe(pool: {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number };
}): PoolProbe {
  return {
    busy: () => pool.totalCount - pool.idleCount,
    idle: () => pool.idleCount,
    waiting: () => pool.waitingCount,
    max: pool.options.max ?? 10,
  };
}
