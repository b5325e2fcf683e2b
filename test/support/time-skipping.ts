import { readFileSync } from 'node:fs';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker, type WorkerOptions } from '@temporalio/worker';
import type { Activities } from '../../activities/index.js';
import { createLogger } from '../../src/logger.js';
import { searchAttributeTypes } from '../../src/temporal.js';
import { routeSdkLogs } from '../../src/worker.js';
import { testEnv } from './test-env.js';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is unset: run the tests through jest (its global setup prepares them)`);
  return value;
}

/** Temporal's time-skipping test server: timers fire as soon as nothing else can happen, so weeks pass in milliseconds. */
export async function timeSkippingEnvironment(): Promise<TestWorkflowEnvironment> {
  routeSdkLogs(createLogger({ logLevel: 'warn' }, 'test-workflows'));
  const env = await startWithRetries(5);
  // This server answers add but not list; it starts with none of ours.
  await env.connection.operatorService.addSearchAttributes({
    namespace: env.namespace ?? 'default',
    searchAttributes: searchAttributeTypes(),
  });
  return env;
}

/** The SDK gives the server 5 s to answer; a JVM on a busy machine can need longer, once. */
async function startWithRetries(attempts: number): Promise<TestWorkflowEnvironment> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await TestWorkflowEnvironment.createTimeSkipping({
        server: { executable: { type: 'existing-path', path: required(testEnv.timeSkippingServer) } },
      });
    } catch (error) {
      if (attempt >= attempts || !/did not start/.test(String(error))) throw error;
    }
  }
}

/** A worker for the real workflow code (the run's bundle) with activities the test stands in for. */
export function workerWithActivities(
  env: TestWorkflowEnvironment,
  taskQueue: string,
  activities: Partial<Activities>,
  options: Pick<WorkerOptions, 'maxCachedWorkflows'> = {},
): Promise<Worker> {
  return Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: { code: readFileSync(required(testEnv.workflowBundle), 'utf8') },
    activities,
    ...options,
  });
}
