import { randomUUID } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { ClaimMethod } from '../../src/domain/claims.js';
import type { Activities } from '../../activities/index.js';
import { claimChangedSignal, claimVerification, verifyNowUpdate } from '../../workflows/claim-verification.js';
import { timeSkippingEnvironment, workerWithActivities } from '../support/time-skipping.js';

const minute = 60 * 1000;
const hour = 60 * minute;
const week = 7 * 24 * hour;

interface Started {
  handle: WorkflowHandle<typeof claimVerification>;
  startedAt: number;
}

interface Check {
  at: number;
  nextCheckAt: string | null;
}

describe('claimVerification on the time-skipping test server', () => {
  let env: TestWorkflowEnvironment;
  beforeAll(async () => {
    env = await timeSkippingEnvironment();
  });
  afterAll(() => env?.teardown());

  /** Runs the real workflow with activities that record each check and find proof once `proofFrom` says so. */
  async function run<T>(
    options: { findings?: (n: number) => 'pending' | 'verified' | 'failed' },
    body: (world: {
      checks: Check[];
      events: string[];
      start: (claimId: number, method: ClaimMethod) => Promise<Started>;
    }) => Promise<T>,
  ): Promise<T> {
    const taskQueue = `claims-${randomUUID()}`;
    const checks: Check[] = [];
    const events: string[] = [];
    const activities: Partial<Activities> = {
      checkClaim: async ({ nextCheckAt }) => {
        checks.push({ at: await env.currentTimeMs(), nextCheckAt });
        const status = options.findings?.(checks.length) ?? 'pending';
        return {
          status,
          result: status === 'pending' ? 'TXT record not found on acme.test' : `check ${checks.length}`,
          canceledWorkflows: [],
        };
      },
      expireClaim: async () => {
        events.push(`expired after ${checks.length} checks`);
        return 'expired';
      },
      mailClaimLink: async (claimId) => {
        events.push(`link mailed for ${claimId}`);
      },
    };
    const worker = await workerWithActivities(env, taskQueue, activities);
    const start = async (claimId: number, method: ClaimMethod): Promise<Started> => {
      const startedAt = await env.currentTimeMs();
      const handle = await env.client.workflow.start(claimVerification, {
        taskQueue,
        workflowId: `claim-${randomUUID()}`,
        args: [{ claimId, method, expiresAt: startedAt + week }],
      });
      return { handle, startedAt };
    };
    return worker.runUntil(body({ checks, events, start }));
  }

  it('checks 1 minute after, doubling to 6 hours apart, and expires after 7 days without proof', async () => {
    await run({}, async ({ checks, events, start }) => {
      const { handle, startedAt } = await start(1, 'dns');
      const result = await handle.result();
      expect(result).toEqual({ status: 'expired', result: 'TXT record not found on acme.test' });
      const gaps = checks.map((check, i) => Math.round((i ? check.at - checks[i - 1].at : check.at - startedAt) / minute));
      // 1, 2, 4 ... 256 minutes (8.5 hours in all), then every 6 hours while the week lasts: 9 + 26 checks.
      expect(gaps).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, ...Array(26).fill(360)]);
      expect(checks).toHaveLength(35);
      expect(events).toEqual(['expired after 35 checks']);
      // Each check is told when the next one runs; the last one, that none does before the week ends.
      expect(Math.round((Date.parse(checks[0].nextCheckAt!) - checks[0].at) / 1000)).toBe(120);
      expect(checks.at(-1)!.nextCheckAt).toBeNull();
      expect((await env.currentTimeMs()) - startedAt).toBeGreaterThanOrEqual(week);
    });
  });

  it('a verify-now update runs a check at once and answers with it; the proof ends the claim', async () => {
    await run({ findings: (n) => (n >= 2 ? 'verified' : 'pending') }, async ({ checks, start }) => {
      const { handle, startedAt } = await start(2, 'meta');
      await env.sleep(30 * 1000);
      const first = await handle.executeUpdate(verifyNowUpdate);
      expect(first).toEqual({ status: 'pending', result: 'TXT record not found on acme.test' });
      expect(checks).toHaveLength(1);
      expect(checks[0].at - startedAt).toBeLessThan(minute);
      const second = await handle.executeUpdate(verifyNowUpdate);
      expect(second).toEqual({ status: 'verified', result: 'check 2' });
      await expect(handle.result()).resolves.toEqual({ status: 'verified', result: 'check 2' });
      expect(checks).toHaveLength(2);
    });
  });

  it('a wrong token ends it failed; no more checks follow', async () => {
    await run({ findings: (n) => (n === 3 ? 'failed' : 'pending') }, async ({ checks, events, start }) => {
      const { handle, startedAt } = await start(3, 'file');
      const result = await handle.result();
      expect(result).toEqual({ status: 'failed', result: 'check 3' });
      expect(checks).toHaveLength(3);
      // The third scheduled check (1 + 2 + 4 minutes in) found the other token.
      expect(Math.round((checks[2].at - startedAt) / minute)).toBe(7);
      expect(events).toEqual([]);
    });
  });

  it('email: mails the link first, and the confirmation signal brings a check at once', async () => {
    await run({ findings: (n) => (n === 1 ? 'verified' : 'pending') }, async ({ checks, events, start }) => {
      const { handle, startedAt } = await start(4, 'email');
      await env.sleep(20 * 1000);
      await handle.signal(claimChangedSignal);
      await expect(handle.result()).resolves.toEqual({ status: 'verified', result: 'check 1' });
      expect(events).toEqual(['link mailed for 4']);
      expect(checks[0].at - startedAt).toBeLessThan(minute);
    });
  });
});
