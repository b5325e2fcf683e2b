import { proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

const { echo } = proxyActivities<Activities>({ startToCloseTimeout: '30 seconds' });

export interface PingInput {
  message: string;
  /** A durable timer before the activity; lets a test kill the worker mid-workflow. */
  waitMs?: number;
}

/** Proves the round trip client -> server -> worker -> activity -> result. */
export async function ping(input: PingInput): Promise<string> {
  if (input.waitMs) await sleep(input.waitMs);
  return echo(input.message);
}
