import { refusedCode, type Exchange } from './client.js';
import type { Cluster } from './cluster.js';

export type FaultName =
  | 'worker kill -9'
  | 'api kill -9'
  | 'PostgreSQL crash'
  | 'Temporal kill -9'
  | 'PostgreSQL SIGSTOP 10 s'
  | 'worker SIGTERM'
  | 'api rolling restart (SIGTERM)';

export const allFaults: FaultName[] = [
  'worker kill -9',
  'api kill -9',
  'PostgreSQL crash',
  'Temporal kill -9',
  'PostgreSQL SIGSTOP 10 s',
  'worker SIGTERM',
  'api rolling restart (SIGTERM)',
];

/** How long a killed or stopped piece stays down before it is started again. */
const downMs = 3000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A graceful stop ends with exit code 0; anything else is the stop failing. */
function stopped(name: string, code: number | null): void {
  if (code !== 0) throw new Error(`${name} exited with ${code} after SIGTERM`);
}

/** Does the fault and undoes it; resolves once the piece is back (restarted and ready). */
async function inflict(cluster: Cluster, fault: FaultName): Promise<void> {
  switch (fault) {
    case 'worker kill -9':
      await cluster.workers[0].kill();
      await pause(downMs);
      return cluster.workers[0].start();
    case 'api kill -9':
      await cluster.apis[0].kill();
      await pause(downMs);
      return cluster.apis[0].start();
    case 'PostgreSQL crash':
      cluster.postgres.crash();
      await pause(downMs);
      return cluster.postgres.start();
    case 'Temporal kill -9':
      await cluster.temporal.kill();
      await pause(downMs);
      return cluster.temporal.start();
    case 'PostgreSQL SIGSTOP 10 s':
      cluster.postgres.freeze();
      await pause(10_000);
      return cluster.postgres.thaw();
    case 'worker SIGTERM':
      stopped(cluster.workers[0].name, await cluster.workers[0].stop());
      return cluster.workers[0].start();
    case 'api rolling restart (SIGTERM)':
      for (const api of cluster.apis) {
        stopped(api.name, await api.stop());
        await api.start();
      }
  }
}

export interface FaultWindow {
  fault: FaultName;
  start: number;
  end: number;
}

/**
 * The faults one at a time, each at a moment the seed picks within its share of the run, so two
 * never overlap and each run of a seed puts them at the same moments.
 */
export async function runFaults(
  cluster: Cluster,
  faults: FaultName[],
  startAt: number,
  seconds: number,
  random: () => number,
  log: (line: string) => void,
): Promise<FaultWindow[]> {
  const windows: FaultWindow[] = [];
  const share = (seconds * 1000) / faults.length;
  for (const [i, fault] of faults.entries()) {
    const at = startAt + i * share + random() * share * 0.3;
    await pause(Math.max(0, at - Date.now()));
    const start = Date.now();
    log(`fault: ${fault} at +${((start - startAt) / 1000).toFixed(1)} s`);
    await inflict(cluster, fault);
    windows.push({ fault, start, end: Date.now() });
    log(`fault: ${fault} undone after ${((Date.now() - start) / 1000).toFixed(1)} s`);
  }
  return windows;
}

export interface FaultRow {
  fault: FaultName;
  lastedSeconds: number;
  /** From the fault until the first good answer after its last failed request (0: none failed while it lasted). */
  recoverSeconds: number | null;
  failed: number;
  /** Failed attempts while it lasted, by kind: no answer, or 5xx with or without Retry-After. */
  serverErrors: Record<string, number>;
  /** Connections refused while it lasted: nothing sent, the balancer moved to the other process. */
  refused: number;
}

const good = (e: Exchange) => e.status > 0 && e.status < 500;
const refused = (e: Exchange) => e.status === 0 && e.detail === refusedCode;
const failed = (e: Exchange) => !good(e) && !refused(e);

/** Whether the exchange ended (answered, failed or refused) while the fault lasted: one in flight when it began counts. */
const endedWithin = (e: Exchange, { start, end }: FaultWindow) => e.endedAt >= start && e.endedAt <= end;

/** The exchanges that ended while no fault lasted. */
export const outsideFaults = (exchanges: Exchange[], windows: FaultWindow[]) =>
  exchanges.filter((e) => !windows.some((w) => endedWithin(e, w)));

/** Each fault's window against the client's log: recovery, and the requests that failed while it lasted. */
export function faultRows(windows: FaultWindow[], exchanges: Exchange[]): FaultRow[] {
  return windows.map((window, i) => {
    const { fault, start, end } = window;
    const during = exchanges.filter((e) => endedWithin(e, window));
    // A request failed by the fault may fail a little after it is undone (a pool reconnecting), not after the next one began.
    const after = Math.min(end + 30_000, windows[i + 1]?.start ?? Infinity);
    const lastFailed = during.some(failed)
      ? exchanges
          .filter((e) => e.endedAt >= start && e.endedAt < after && failed(e))
          .reduce((last, e) => (e.endedAt > last.endedAt ? e : last))
      : undefined;
    const firstGood = lastFailed && exchanges.find((e) => e.at > lastFailed.endedAt && good(e));
    const serverErrors: Record<string, number> = {};
    for (const e of during.filter(failed)) {
      const label =
        e.status === 0
          ? `no answer (${e.detail})`
          : `${e.status}${e.retryAfter ? ' with Retry-After' : ''} ${e.detail ?? ''}`.trim();
      serverErrors[label] = (serverErrors[label] ?? 0) + 1;
    }
    return {
      fault,
      lastedSeconds: (end - start) / 1000,
      recoverSeconds: !lastFailed ? 0 : firstGood ? (firstGood.endedAt - start) / 1000 : null,
      failed: during.filter(failed).length,
      serverErrors,
      refused: during.filter(refused).length,
    };
  });
}
