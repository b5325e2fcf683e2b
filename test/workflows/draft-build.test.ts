import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { draftBuild, regenerateUpdate } from '../../workflows/draft-build.js';
import { timeSkippingEnvironment, workerWithActivities } from '../support/time-skipping.js';

const week = 7 * 24 * 3600 * 1000;
const hour = 3600 * 1000;

describe('draftBuild on the time-skipping test server', () => {
  let env: TestWorkflowEnvironment;
  beforeAll(async () => {
    env = await timeSkippingEnvironment();
  });
  afterAll(() => env?.teardown());

  async function run<T>(drafted: unknown[], body: (taskQueue: string) => Promise<T>): Promise<T> {
    const taskQueue = `draft-build-${randomUUID()}`;
    const worker = await workerWithActivities(env, taskQueue, {
      crawlDraftSite: () => Promise.resolve({ ok: true }),
      draftDraftFields: (input) => {
        drafted.push(input);
        return Promise.resolve();
      },
      failDraftBuild: () => Promise.resolve(),
    });
    return worker.runUntil(body(taskQueue));
  }

  it('stays open for redrafts for its idle period, then completes: a week passes in moments', async () => {
    const drafted: unknown[] = [];
    const draftId = randomUUID();
    await run(drafted, async (taskQueue) => {
      const startedAt = await env.currentTimeMs();
      const result = await env.client.workflow.execute(draftBuild, {
        taskQueue,
        workflowId: `draft-${draftId}`,
        args: [{ draftId, idleMs: week }],
      });
      expect(result).toEqual({ status: 'ready', regenerations: 0 });
      expect((await env.currentTimeMs()) - startedAt).toBeGreaterThanOrEqual(week);
    });
    expect(drafted).toEqual([{ draftId }]);
  });

  it('a redraft before the idle period ends restarts the wait', async () => {
    const drafted: unknown[] = [];
    const draftId = randomUUID();
    await run(drafted, async (taskQueue) => {
      const startedAt = await env.currentTimeMs();
      const handle = await env.client.workflow.start(draftBuild, {
        taskQueue,
        workflowId: `draft-${draftId}`,
        args: [{ draftId, idleMs: week }],
      });
      await env.sleep(6 * 24 * hour);
      // Read before the redraft is asked: the restarted wait begins no earlier, a few ms later at most.
      const askedAt = await env.currentTimeMs();
      await handle.executeUpdate(regenerateUpdate, { args: [{ fields: ['city'] }] });
      await expect(handle.result()).resolves.toEqual({ status: 'ready', regenerations: 1 });
      const endedAt = await env.currentTimeMs();
      expect(askedAt - startedAt).toBeGreaterThanOrEqual(6 * 24 * hour);
      expect(endedAt - askedAt).toBeGreaterThanOrEqual(week);
    });
    expect(drafted).toEqual([{ draftId }, { draftId, fields: ['city'] }]);
  });
});
