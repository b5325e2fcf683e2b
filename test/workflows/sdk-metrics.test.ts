import { randomUUID } from 'node:crypto';
import { workflowIds } from '../../src/domain/workflow-ids.js';
import { metricsText } from '../../src/platform/metrics.js';
import { housekeeping } from '../../workflows/housekeeping.js';
import { timeSkippingEnvironment, workerWithActivities } from '../support/time-skipping.js';

/** One environment, worker and run to its end; the SDK shuts its runtime down when the last of them closes. */
async function runOnce(): Promise<void> {
  const env = await timeSkippingEnvironment();
  try {
    const taskQueue = `sdk-metrics-${randomUUID()}`;
    const worker = await workerWithActivities(env, taskQueue, {
      purgeExpiredRecords: () => Promise.resolve(),
      settleOverdueOrders: () => Promise.resolve(0),
    });
    await worker.runUntil(
      env.client.workflow.execute(housekeeping, { taskQueue, workflowId: `${workflowIds.housekeepingSchedule}-${randomUUID()}` }),
    );
  } finally {
    await env.teardown();
  }
}

/** Completed workflow tasks of every run so far, whichever task queue (a label) each had. */
const completed = async () =>
  [...(await metricsText()).matchAll(/^temporal_workflow_completed\{[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);

describe("the Temporal SDK's metrics", () => {
  it('feed the same series when a later runtime replaces one that shut down (the history recorder)', async () => {
    await runOnce();
    expect(await completed()).toBe(1);
    // The second environment installs a runtime of its own; its updates add to the first one's series.
    await runOnce();
    expect(await completed()).toBe(2);
  });
});
