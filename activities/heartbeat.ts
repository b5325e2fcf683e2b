import { Context } from '@temporalio/activity';

/** Heartbeats while long work runs, so a crashed worker's attempt is retried within seconds. */
export async function heartbeating<T>(work: () => Promise<T>): Promise<T> {
  const context = Context.current();
  const timer = setInterval(() => context.heartbeat(), 1000);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
