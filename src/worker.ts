import {
  DefaultLogger,
  NativeConnection,
  Runtime,
  Worker,
  bundleWorkflowCode,
  type LogLevel,
  type WorkflowBundleWithSourceMap,
} from '@temporalio/worker';
import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import type { Config } from './config.js';
import type { Orm } from './db.js';
import type { Logger } from './logger.js';
import { createActivities } from '../activities/index.js';
import { createMailer } from './mail/index.js';
import { beforeEachScrape, metricsRegistry } from './platform/metrics.js';
import { SdkMetrics } from './platform/sdk-metrics.js';
import { connectTemporal } from './temporal.js';

export const workflowsPath = fileURLToPath(new URL('../workflows/index.ts', import.meta.url));

/** Bundles the workflow code once; a worker started with a bundle skips webpack entirely. */
export async function bundleWorkflows(path = workflowsPath): Promise<WorkflowBundleWithSourceMap> {
  return bundleWorkflowCode({ workflowsPath: path, logger: quietBundlerLogger });
}

/** Reads a bundle written by `bundleWorkflows` (tests build one per run). */
export function readWorkflowBundle(codePath: string): { code: string } | undefined {
  return existsSync(codePath) ? { code: readFileSync(codePath, 'utf8') } : undefined;
}

export interface WorkerOptions {
  config: Config;
  orm: Orm;
  log: Logger;
  address: string;
  taskQueue?: string;
  bundle?: { code: string };
}

/** A worker, and `connection.close()` to call once it has stopped (closes its server and client connections). */
export async function createWorker(opts: WorkerOptions): Promise<{ worker: Worker; connection: { close(): Promise<void> } }> {
  routeSdkLogs(opts.log);
  const native = await NativeConnection.connect({ address: opts.address });
  const temporal = await connectTemporal(opts.config, opts.address);
  const worker = await Worker.create({
    connection: native,
    namespace: opts.config.temporal.namespace,
    taskQueue: opts.taskQueue ?? opts.config.temporal.taskQueue,
    activities: createActivities({
      config: opts.config,
      orm: opts.orm,
      log: opts.log,
      mailer: createMailer(opts.config, opts.orm),
      temporal: { ...temporal, taskQueue: opts.taskQueue ?? temporal.taskQueue },
    }),
    ...(opts.bundle ? { workflowBundle: opts.bundle } : { workflowsPath }),
    shutdownGraceTime: opts.config.temporal.shutdownGraceMs,
  });
  const close = async () => {
    await temporal.connection.close();
    await native.close();
  };
  return { worker, connection: { close } };
}

let sdkMetrics: SdkMetrics | undefined;

/**
 * Sends the SDK's own logs (worker state changes, activity failures) through pino, at warn unless
 * debugging, and its metrics into the process's Prometheus series. The runtime is process-wide and
 * installs once, so a process that also starts the dev server calls this first; later calls keep
 * the first logger while that runtime lives. The SDK shuts an idle runtime down (its last worker
 * and connection closed), so a later call installs the next one, whose metrics replace its own.
 */
export function routeSdkLogs(log: Logger): void {
  const level: LogLevel = log.isLevelEnabled('debug') ? 'DEBUG' : 'WARN';
  const metrics = new SdkMetrics(metricsRegistry);
  try {
    Runtime.install({
      logger: new DefaultLogger(level, ({ level: entryLevel, message, meta }) => {
        const method =
          entryLevel === 'ERROR' ? 'error' : entryLevel === 'WARN' ? 'warn' : entryLevel === 'INFO' ? 'info' : 'debug';
        log[method]({ temporal: meta }, message);
      }),
      telemetryOptions: { metrics: { buffer: metrics.buffer } },
    });
  } catch {
    // Already installed in this process.
    metrics.stop();
    return;
  }
  if (sdkMetrics) sdkMetrics.stop();
  else beforeEachScrape(() => sdkMetrics?.drain());
  sdkMetrics = metrics;
}

const quietBundlerLogger = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (message: string) => console.warn(message),
  error: (message: string) => console.error(message),
  log: () => undefined,
};
