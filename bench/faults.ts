import { isoDate, mondayOf } from '../src/domain/weeks.js';
import { checkOutcomes, settled, type Outcome } from './faults/check.js';
import { FailoverClient, unanswered, type Exchange } from './faults/client.js';
import { startCluster } from './faults/cluster.js';
import { allFaults, faultRows, outsideFaults, runFaults, type FaultName, type FaultRow } from './faults/faults.js';
import { fans, liveListings, owners } from './faults/people.js';
import { emptyLedger, runWorkload, seeded, type World } from './faults/workload.js';
import type { BenchSection } from './section.js';

export interface FaultRunOptions {
  seconds: number;
  faults: FaultName[];
  seed: number;
  /** Clients at once, each running journeys one after the other. */
  lanes: number;
  /** How long the lifecycles get to finish after the load stops. */
  settleSeconds: number;
}

export interface FaultRunResult {
  rows: FaultRow[];
  outcomes: Outcome[];
  /** Every answer 500 or above, with its status, Retry-After and problem code. */
  serverErrors: Exchange[];
  /** Every request sent that got no answer (a refused connection sent nothing and is not one). */
  unanswered: Exchange[];
  /** Those of them cut while no fault lasted: nothing explains them. */
  unansweredOutsideFaults: Exchange[];
  requests: number;
  abandoned: string[];
  logsDir: string;
}

/** The run's settings: launches in the current week, since the Temporal server cannot skip time. */
const settings = {
  FREE_QUEUE_WEEKS: '0',
  FREE_SLOTS_PER_WEEK: '1000',
  PAID_SLOTS_PER_WEEK: '1000',
  FOLLOWER_MAIL_BATCH_PAUSE_MS: '200',
  // Four times the balancer's probe interval: it has stopped sending before idle connections close.
  API_SHUTDOWN_GRACE_MS: '5000',
};

/** The production shape under a mixed workload and one fault at a time, then the check (bench/faults/). */
export async function runFaultBench(options: FaultRunOptions, log: (line: string) => void): Promise<FaultRunResult> {
  const cluster = await startCluster(log, settings);
  try {
    const em = cluster.orm.em.fork();
    const [{ id: siteId }] = await em.execute<{ id: number }[]>('select id from site order by id limit 1');
    await em.execute(
      `insert into category (site_id, slug, name) values (?, 'finance', 'Finance'), (?, 'productivity', 'Productivity')`,
      [siteId, siteId],
    );
    const random = seeded(options.seed);
    const fresh = await owners(em, 'founder', 200);
    const ownedBy = await owners(em, 'owner', 40);
    // Enough people that each votes and follows well under the hourly limit, as real people do.
    const fanList = await fans(em, options.lanes * 250, cluster.cookieKey, cluster.config.auth.sessionTtlDays);
    const ownedHosts = ownedBy.map((o, i) => ({ slug: `owned-${i}`, host: `owned-${i}.test`, ownerId: o.id }));
    const unownedHosts = Array.from({ length: 40 }, (_, i) => ({
      slug: `unclaimed-${i}`,
      host: `unclaimed-${i}.test`,
      ownerId: null,
    }));
    const rows = await liveListings(
      em,
      siteId,
      [...ownedHosts, ...unownedHosts].map((h) => ({ ...h, domain: h.host, url: cluster.websites.add(h.host) })),
    );
    const client = new FailoverClient(cluster.apis.map((a) => a.origin!));
    const world: World = {
      client,
      websites: cluster.websites,
      webhookSecret: cluster.secrets.STRIPE_WEBHOOK_SECRET,
      ledger: emptyLedger(),
      random,
      freshOwners: fresh,
      fans: fanList,
      actionsPerFan: Math.floor(cluster.config.communityActionsPerHour * 0.8),
      owned: ownedHosts.map((h, i) => ({ id: rows[i].id, slug: h.slug, owner: ownedBy[i] })),
      unowned: unownedHosts.map((h, i) => ({ id: rows[ownedHosts.length + i].id, slug: h.slug, host: h.host })),
      live: rows.map((r) => r.slug),
    };
    log(`workload: ${options.seconds} s, ${options.lanes} lanes, seed ${options.seed}; faults: ${options.faults.join(', ')}`);
    const started = Date.now();
    const until = started + options.seconds * 1000;
    const [, windows] = await Promise.all([
      runWorkload(world, options.lanes, until),
      runFaults(cluster, options.faults, started + 5000, options.seconds - 10, random, log),
    ]);
    log(
      `load done after ${((Date.now() - started) / 1000).toFixed(0)} s; ${client.log.length} requests; waiting for the lifecycles to end`,
    );
    const settleUntil = Date.now() + options.settleSeconds * 1000;
    const temporal = await cluster.temporalClient();
    while (Date.now() < settleUntil && !(await settled(cluster.orm.em.fork(), world.ledger, temporal))) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    // Mails of the last batches and the update notices go out right after.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const outcomes = await checkOutcomes(
      cluster.orm.em.fork(),
      world.ledger,
      cluster.smtp.mails,
      temporal,
      isoDate(mondayOf(new Date())),
    );
    return {
      rows: faultRows(windows, client.log),
      outcomes,
      serverErrors: client.log.filter((e) => e.status >= 500),
      unanswered: client.log.filter(unanswered),
      unansweredOutsideFaults: outsideFaults(client.log.filter(unanswered), windows),
      requests: client.log.length,
      abandoned: world.ledger.abandoned,
      logsDir: `${cluster.dir}/logs`,
    };
  } finally {
    await cluster.close();
  }
}

const list = (items: string[]) =>
  items.length ? `${items.length}: ${items.slice(0, 3).join('; ')}${items.length > 3 ? ' ...' : ''}` : '0';

/** The run as Markdown: a row per fault, a row per outcome, the 5xx answers. */
export function faultReport(result: FaultRunResult, options: FaultRunOptions): string {
  const errors = (r: FaultRow) =>
    Object.entries(r.serverErrors)
      .map(([label, n]) => `${n} × ${label}`)
      .join('; ') || 'none';
  const byStatus = new Map<string, number>();
  for (const e of result.serverErrors) {
    const label = `${e.status}${e.retryAfter ? ' with Retry-After' : ' without Retry-After'} (${e.what}${e.detail ? `, ${e.detail.slice(0, 60)}` : ''})`;
    byStatus.set(label, (byStatus.get(label) ?? 0) + 1);
  }
  return [
    `${options.seconds} s of mixed load (${options.lanes} clients, seed ${options.seed}, ${result.requests} requests) on two api and two worker processes (NODE_ENV=production, Stripe through stripe-mock, SMTP), PostgreSQL and the Temporal dev server as servers of their own; one fault at a time.`,
    '',
    `Settings: ${Object.entries(settings)
      .map(([k, v]) => `${k}=${v}`)
      .join(
        ', ',
      )}; paid launches name this week. A lifecycle is due at its expected end plus the ${options.settleSeconds} s the check waits after the load; a free launch is due at its Monday (FREE_QUEUE_WEEKS=0 still queues for the next week not begun). A killed piece stays down 3 s, then starts again; "Lasted" runs to when it is ready again. Recovered: from the fault to the first good answer after the last attempt it failed (0: none failed while it lasted). The client balances as a load balancer would: it asks each api process's /readyz every 0.5 s and sends to those ready; a refused connection sent nothing and goes to the other process at once (not a failure); a request sent and left without an answer is a failure. A failed attempt counts against the fault that lasted when it failed, so a request in flight when an api process is killed counts against that kill.`,
    '',
    '| Fault | Lasted s | Recovered after s (first good answer) | Attempts failed while it lasted (each retried) | Failed answers | Connections refused (sent to the other process) |',
    '|---|---|---|---|---|---|',
    ...result.rows.map(
      (r) =>
        `| ${r.fault} | ${r.lastedSeconds.toFixed(1)} | ${r.recoverSeconds === null ? 'never' : r.recoverSeconds.toFixed(1)} | ${r.failed} | ${errors(r)} | ${r.refused} |`,
    ),
    '',
    '| Outcome | Expected | Lost | Doubled | Stuck | Mail resent as the same message (same Message-ID) |',
    '|---|---|---|---|---|---|',
    ...result.outcomes.map(
      (o) => `| ${o.what} | ${o.expected} | ${list(o.lost)} | ${list(o.doubled)} | ${list(o.stuck)} | ${list(o.resent)} |`,
    ),
    '',
    `5xx answers in the whole run: ${result.serverErrors.length}${[...byStatus].map(([label, n]) => `\n- ${n} × ${label}`).join('')}`,
    `Requests sent and left without an answer in the whole run: ${result.unanswered.length} (a fault's row counts those cut while it lasted, in flight when it began included); outside any fault: ${list(result.unansweredOutsideFaults.map((e) => `${e.what} (${e.detail})`))}`,
    `Journeys abandoned: ${list(result.abandoned)}`,
  ].join('\n');
}

export const faultsSection: BenchSection = {
  name: 'faults',
  async run(log, options) {
    const run: FaultRunOptions = {
      seconds: options.seconds ?? 300,
      faults: allFaults,
      seed: 43,
      lanes: options.connections ?? 6,
      settleSeconds: 120,
    };
    const result = await runFaultBench(run, log);
    const report = faultReport(result, run);
    log(`\n${report}\nlogs: ${result.logsDir}`);
    return report;
  },
};
