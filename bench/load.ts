import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { yieldToServer } from './in-worker.js';

/** Load generation with autocannon in a worker thread, so it does not share the server's event loop. */

/**
 * Request paths (with query): for `seconds`, picked at random or in turn (`sequence`: none repeats
 * until all are sent); or each once in turn, then stop (`each-once`).
 */
export type LoadOptions = {
  paths: string[];
  origin: string;
  connections: number;
  /** Cookie headers of signed-in browsers, one picked at random per request; none by default. */
  cookies?: string[];
} & ({ order?: 'random' | 'sequence'; seconds: number } | { order: 'each-once' });

export interface LoadResult {
  requests: number;
  /** Whether a `sequence` load ran out of paths and began again (so some were sent twice). */
  wrapped: boolean;
  rps: number;
  non2xx: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

const workerSource = `
${yieldToServer}
const { parentPort, workerData } = require('node:worker_threads');
const autocannon = require(workerData.autocannon);
const { paths, origin, connections, seconds, order = 'random', cookies } = workerData;
const latencies = [];
let sent = 0;
const next = order !== 'random' ? () => paths[sent++ % paths.length] : () => paths[Math.floor(Math.random() * paths.length)];
const instance = autocannon({
  url: origin,
  connections,
  ...(order === 'each-once' ? { amount: paths.length } : { duration: seconds }),
  requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next(), ...(cookies && { headers: { ...req.headers, cookie: cookies[Math.floor(Math.random() * cookies.length)] } }) }) }],
}, (error, result) => {
  if (error) throw error;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : 0;
  parentPort.postMessage({
    requests: latencies.length, wrapped: order === 'sequence' && sent > paths.length, rps: latencies.length / (order === 'each-once' ? result.duration : seconds), non2xx: result.non2xx, errors: result.errors,
    p50: round(at(0.5)), p95: round(at(0.95)), p99: round(at(0.99)),
  });
});
const round = (ms) => Math.round(ms * 100) / 100;
instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
`;

export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { ...opts, autocannon: createRequire(import.meta.url).resolve('autocannon') },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (result: LoadResult) => {
      void worker.terminate();
      resolve(result);
    });
    worker.once('error', reject);
  });
}
