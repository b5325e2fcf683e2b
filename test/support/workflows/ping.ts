import { sleep } from '@temporalio/workflow';

export interface PingInput {
  message: string;
  /** A durable timer first; lets a test kill the worker mid-workflow. */
  waitMs?: number;
}

/** A workflow with nothing but a durable timer, for tests of the worker itself. */
export async function ping(input: PingInput): Promise<string> {
  if (input.waitMs) await sleep(input.waitMs);
  return `pong: ${input.message}`;
}
