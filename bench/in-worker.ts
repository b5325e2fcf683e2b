import { Worker } from 'node:worker_threads';

/**
 * Runs `exported(input)` of the module at `moduleUrl` in a worker thread that loads it through
 * tsx: each storm of load keeps an event loop of its own.
 */
export function runInWorker<Input, Result>(moduleUrl: string, exported: string, input: Input): Promise<Result> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
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
