import { randomUUID } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Activities } from '../../activities/index.js';
import { appealWindowMs } from '../../src/domain/moderation.js';
import { caseChangedSignal, moderationCase, type CaseFacts } from '../../workflows/moderation-case.js';
import { timeSkippingEnvironment, workerWithActivities } from '../support/time-skipping.js';

const hour = 3600_000;

describe('moderationCase on the time-skipping test server', () => {
  let env: TestWorkflowEnvironment;
  beforeAll(async () => {
    env = await timeSkippingEnvironment();
  });
  afterAll(() => env?.teardown());

  /** The real workflow over a case that `held` says PostgreSQL holds; records reminders and closings. */
  async function run<T>(
    held: (startedAt: number) => CaseFacts | null,
    body: (world: {
      reminders: number[];
      closes: number[];
      startedAt: number;
      handle: WorkflowHandle<typeof moderationCase>;
    }) => Promise<T>,
  ): Promise<T> {
    const taskQueue = `moderation-${randomUUID()}`;
    const reminders: number[] = [];
    const closes: number[] = [];
    let closed = false;
    let startedAt = 0;
    const activities: Partial<Activities> = {
      readCase: async () => (closed ? { ...held(startedAt)!, state: 'closed' } : held(startedAt)),
      remindOperator: async () => {
        reminders.push(await env.currentTimeMs());
      },
      closeCase: async () => {
        closes.push(await env.currentTimeMs());
        closed = true;
        return { ...held(startedAt)!, state: 'closed' };
      },
    };
    const worker = await workerWithActivities(env, taskQueue, activities);
    const start = () =>
      env.client.workflow.start(moderationCase, {
        taskQueue,
        workflowId: `moderation-listing-${randomUUID()}-1`,
        args: [{ caseId: 1 }],
      });
    return worker.runUntil(async () => {
      startedAt = await env.currentTimeMs();
      return body({ reminders, closes, startedAt, handle: await start() });
    });
  }

  it('reminds the operator 24 h and 72 h after the case opened, and no more while it waits', async () => {
    await run(
      (startedAt) => ({ state: 'open', waitingSince: startedAt, decidedAt: null }),
      async ({ reminders, startedAt, handle }) => {
        await env.sleep(10 * 24 * hour);
        expect(reminders.map((at) => Math.round((at - startedAt) / hour))).toEqual([24, 72]);
        await handle.terminate();
      },
    );
  });

  it('closes the case when the 6-month appeal window after the decision ends', async () => {
    let decidedAt: number | null = null;
    await run(
      (startedAt) => ({ state: decidedAt ? 'decided' : 'open', waitingSince: startedAt, decidedAt }),
      async ({ reminders, closes, handle }) => {
        await env.sleep(2 * hour);
        decidedAt = await env.currentTimeMs();
        await handle.signal(caseChangedSignal);
        await expect(handle.result()).resolves.toBe('closed');
        expect(reminders).toEqual([]);
        expect(closes).toHaveLength(1);
        expect(closes[0] - decidedAt).toBeGreaterThanOrEqual(appealWindowMs);
        expect(closes[0] - decidedAt).toBeLessThan(appealWindowMs + hour);
      },
    );
  });

  it('a decision signal for a case PostgreSQL does not hold as decided changes nothing', async () => {
    await run(
      (startedAt) => ({ state: 'open', waitingSince: startedAt, decidedAt: null }),
      async ({ reminders, closes, startedAt, handle }) => {
        await env.sleep(hour);
        // A forged "decided" signal: PostgreSQL still holds the case open.
        await handle.signal(caseChangedSignal);
        await env.sleep(8 * 24 * hour);
        expect(reminders.map((at) => Math.round((at - startedAt) / hour))).toEqual([24, 72]);
        expect(closes).toEqual([]);
        expect((await handle.describe()).status.name).toBe('RUNNING');
        await handle.terminate();
      },
    );
  });

  it('ends at once, having done nothing, for a case PostgreSQL does not hold at all', async () => {
    await run(
      () => null,
      async ({ reminders, closes, handle }) => {
        await handle.signal(caseChangedSignal);
        await expect(handle.result()).resolves.toBe('missing');
        expect(reminders).toEqual([]);
        expect(closes).toEqual([]);
      },
    );
  });
});
