import { Worker } from 'node:worker_threads';

/**
 * The load's niceness. Load and server share the machine's cores, and an answer that wakes a load
 * thread used to preempt the api's main thread (two in five of its preemptions in a launch-day
 * storm): at nice 10 the load runs when a core is free. Linux only: there a thread's setpriority
 * changes that thread alone; elsewhere it would lower the server's priority too.
 */
export const loadNice = process.platform === 'linux' ? 10 : 0;

/** The first line of every load worker: it takes the load's niceness. */
export const yieldToServer = loadNice ? `require('node:os').setPriority(${loadNice});` : '';

/**
 * Runs `exported(input)` of the module at `moduleUrl` in a worker thread that loads it through
 * tsx: each storm of load keeps an event loop of its own.
 */
export function runInWorker<Input, Result>(moduleUrl: string, exported: string, input: Input): Promise<Result> {
  const worker = new Worker(
    `${yieldToServer}
     const { parentPort, workerData } = require('node:worker_threads');
     import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(moduleUrl)}); })
       .then((m) => m[${JSON.stringify(exported)}](workerData)).then((r) => parentPort.postMessage(r), (e) => { throw e; });`,
    { eval: true, workerData: input },
  );
  return new Promise((resolve, reject) => {
    worker.once('message', (result: Result) => {
      void worker.terminate();
      resolve(result);
    });
    worker.once('error', reject);
  });
}
