import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Activities } from '../../activities/index.js';
import { loadConfig, type Config } from '../../src/config.js';
import { startClaimVerification, checkClaimNow, signalClaimChanged } from '../../src/claims/lifecycle.js';
import { addWeeks, isoDate, mondayOf, parseIsoDate } from '../../src/domain/weeks.js';
import { regenerateDraftFields, startDraftBuild } from '../../src/drafts/lifecycle.js';
import { startUpdateNotice } from '../../src/listings/lifecycle.js';
import { signalOrderPaid, startOrderFulfilment } from '../../src/orders/lifecycle.js';
import { checkFreeLaunchNow, startPaidLaunch } from '../../src/publishing/lifecycle.js';
import { workflowIds } from '../../src/domain/workflow-ids.js';
import { startVoteReview } from '../../src/community/lifecycle.js';
import type { TemporalHandle } from '../../src/temporal.js';
import { bundleWorkflows } from '../../src/worker.js';
import { caseChanged } from '../../src/moderation/lifecycle.js';
import { goLiveNowUpdate } from '../../workflows/listing-launch.js';
import type { CaseFacts } from '../../workflows/moderation-case.js';
import { housekeeping } from '../../workflows/housekeeping.js';
import { weeklyAwards } from '../../workflows/weekly-awards.js';
import { testEnv } from '../support/test-env.js';
import { installTimeSkippingServer } from '../support/time-skipping-server.js';
import { timeSkippingEnvironment, workerWithActivities } from '../support/time-skipping.js';
import { historiesDir, historyFile } from './histories.js';

/**
 * Records the history of one real run of each workflow type and path into test/workflows/histories/,
 * which test/workflows/replay.test.ts replays against the current code. The workflows are today's
 * bundle on Temporal's time-skipping server, started and messaged through the service's own
 * starters; activities answer as the real ones would on that path.
 *
 *   npx tsx test/workflows/record-histories.ts                 every scenario
 *   npx tsx test/workflows/record-histories.ts draftBuild-ready one or more, by file name
 *
 * Record a scenario when a workflow type or path is new; never re-record an existing file to make
 * the replay test pass: it stands for runs in flight that the new code must still replay. A file
 * without a scenario here (listingUpdateNotice-batches, housekeeping-purged) is the history of
 * older code, kept until its patch is removed (docs/temporal.md).
 */

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

interface World {
  env: TestWorkflowEnvironment;
  temporal: TemporalHandle;
  config: Config;
  /** The test server's clock. */
  now: () => Promise<number>;
}

interface Scenario {
  /** File name: <workflowType>-<variant>. */
  name: string;
  /** The activities of this path, and how to drive the run to its end (resolves with its workflow id). */
  prepare: (world: World) => Promise<{ activities: Partial<Activities>; drive: () => Promise<string> }>;
}

const owner = 7;
const mondayAfter = (ms: number, weeks: number) => isoDate(addWeeks(mondayOf(new Date(ms)), weeks));
const startOf = (week: string) => parseIsoDate(week)!.getTime();

/** Followers told in batches of the configured size: two full ones, then the rest. */
function followerBatches(size: number) {
  let calls = 0;
  return () => {
    calls++;
    const done = calls >= 3;
    return Promise.resolve({ lastUserId: done ? calls * size - 60 : calls * size, told: done ? 40 : size, done });
  };
}

/** The listingLaunch steps: the gates hold from `gatesFrom` on; PostgreSQL shows `owed` bought. */
function launchSteps(world: World, gatesFrom: number, owed: { week: string | null } | null): Partial<Activities> {
  const batch = followerBatches(world.config.followerMail.batchSize);
  return {
    checkLaunchGates: async () => {
      const met = (await world.now()) >= gatesFrom;
      return { met, badgeFound: met, founderProfileComplete: true };
    },
    paidLaunchOwed: () => Promise.resolve(owed),
    scheduleLaunch: () => Promise.resolve(),
    goLive: () => Promise.resolve(),
    moveLaunchWeek: ({ missedWeek }) => Promise.resolve(isoDate(addWeeks(parseIsoDate(missedWeek)!, 1))),
    returnToDraft: () => Promise.resolve(),
    launchMovedToNow: () => Promise.resolve(true),
    tellLaunchFollowerBatch: async () => ({ ...(await batch()), pauseMs: world.config.followerMail.pauseMs }),
  };
}

/** A reported listing's first case, as src/moderation/lifecycle.ts tells its lifecycle of it. */
const reportedCase = {
  id: 501,
  number: 'C-2026-000501',
  kind: 'listing',
  itemId: 101,
  itemCase: 1,
  category: 'scam_or_spam',
  state: 'open',
  listingId: 101,
} as const;

/** The moderationCase steps over the case PostgreSQL holds, which `held` gives at each read. */
function caseSteps(held: () => CaseFacts): Partial<Activities> {
  let closed = false;
  return {
    readCase: () => Promise.resolve(closed ? { ...held(), state: 'closed' } : held()),
    remindOperator: () => Promise.resolve(),
    closeCase: () => {
      closed = true;
      return Promise.resolve({ ...held(), state: 'closed' });
    },
  };
}

const draftSteps: Partial<Activities> = {
  crawlDraftSite: () => Promise.resolve({ ok: true }),
  draftDraftFields: () => Promise.resolve(),
  failDraftBuild: () => Promise.resolve(),
};

const scenarios: Scenario[] = [
  {
    name: 'draftBuild-ready',
    prepare: async ({ env, temporal, config }) => ({
      activities: draftSteps,
      async drive() {
        const draft = { draftId: randomUUID(), ownerId: owner };
        await startDraftBuild(temporal, config, draft);
        await env.sleep(10 * minute);
        await regenerateDraftFields(temporal, config, draft, ['tagline', 'city']);
        return workflowIds.draftBuild(draft.draftId);
      },
    }),
  },
  {
    name: 'draftBuild-crawlFailed',
    prepare: async ({ temporal, config }) => ({
      // The site could not be read: the activity has already failed the draft with the reason.
      activities: { ...draftSteps, crawlDraftSite: () => Promise.resolve({ ok: false }) },
      async drive() {
        const draft = { draftId: randomUUID(), ownerId: owner };
        await startDraftBuild(temporal, config, draft);
        return workflowIds.draftBuild(draft.draftId);
      },
    }),
  },
  {
    name: 'draftBuild-draftingFailed',
    prepare: async ({ temporal, config }) => ({
      activities: {
        ...draftSteps,
        draftDraftFields: () => Promise.reject(new Error('The AI endpoint answered 503 Service Unavailable')),
      },
      async drive() {
        const draft = { draftId: randomUUID(), ownerId: owner };
        await startDraftBuild(temporal, config, draft);
        return workflowIds.draftBuild(draft.draftId);
      },
    }),
  },
  {
    name: 'draftBuild-serveOnly',
    prepare: async ({ env, temporal, config }) => ({
      activities: draftSteps,
      async drive() {
        const draft = { draftId: randomUUID(), ownerId: owner };
        await startDraftBuild(temporal, config, draft);
        await env.client.workflow.getHandle(workflowIds.draftBuild(draft.draftId)).result();
        // The build's run has completed (idle): the redraft opens a serving run under the same id.
        await regenerateDraftFields(temporal, config, draft, ['description']);
        return workflowIds.draftBuild(draft.draftId);
      },
    }),
  },
  {
    name: 'listingLaunch-freeScheduled',
    async prepare(world) {
      const week = mondayAfter(await world.now(), 2);
      return {
        activities: launchSteps(world, 0, null),
        async drive() {
          await checkFreeLaunchNow(world.temporal, { listingId: 101, ownerId: owner, week }, minute);
          return workflowIds.listingLaunch(101);
        },
      };
    },
  },
  {
    name: 'listingLaunch-freeLiveInWeek',
    async prepare(world) {
      const week = mondayAfter(await world.now(), 1);
      return {
        // The badge appears on the Tuesday of the launch week, between two hourly checks.
        activities: launchSteps(world, startOf(week) + day + 3.5 * hour, null),
        async drive() {
          await checkFreeLaunchNow(world.temporal, { listingId: 102, ownerId: owner, week }, minute);
          return workflowIds.listingLaunch(102);
        },
      };
    },
  },
  {
    name: 'listingLaunch-freeMissedWeeks',
    async prepare(world) {
      const week = mondayAfter(await world.now(), 1);
      return {
        activities: launchSteps(world, Number.POSITIVE_INFINITY, null),
        async drive() {
          await checkFreeLaunchNow(world.temporal, { listingId: 108, ownerId: owner, week }, minute);
          return workflowIds.listingLaunch(108);
        },
      };
    },
  },
  {
    name: 'listingLaunch-freeUpgraded',
    async prepare(world) {
      const week = mondayAfter(await world.now(), 2);
      return {
        activities: launchSteps(world, Number.POSITIVE_INFINITY, { week: null }),
        async drive() {
          await checkFreeLaunchNow(world.temporal, { listingId: 103, ownerId: owner, week }, minute);
          await world.env.sleep(2 * day);
          // A paid launch was bought for the listing: the free run becomes paid and keeps its week.
          await startPaidLaunch(world.temporal, { listingId: 103, ownerId: owner, week: null });
          return workflowIds.listingLaunch(103);
        },
      };
    },
  },
  {
    name: 'listingLaunch-freeGoLiveNow',
    async prepare(world) {
      const week = mondayAfter(await world.now(), 2);
      return {
        activities: launchSteps(world, 0, null),
        async drive() {
          await checkFreeLaunchNow(world.temporal, { listingId: 104, ownerId: owner, week }, minute);
          await world.env.sleep(3 * day);
          // Support moved the launch to now (goLiveNow in src/publishing/go-live-now.ts records the move first).
          await world.env.client.workflow.getHandle(workflowIds.listingLaunch(104)).executeUpdate(goLiveNowUpdate);
          return workflowIds.listingLaunch(104);
        },
      };
    },
  },
  {
    name: 'listingLaunch-paidNow',
    prepare: async (world) => ({
      activities: launchSteps(world, 0, { week: null }),
      async drive() {
        await startPaidLaunch(world.temporal, { listingId: 105, ownerId: owner, week: null });
        return workflowIds.listingLaunch(105);
      },
    }),
  },
  {
    name: 'listingLaunch-paidWeekAhead',
    async prepare(world) {
      const week = mondayAfter(await world.now(), 3);
      return {
        activities: launchSteps(world, 0, { week }),
        async drive() {
          await startPaidLaunch(world.temporal, { listingId: 106, ownerId: owner, week });
          return workflowIds.listingLaunch(106);
        },
      };
    },
  },
  {
    name: 'listingLaunch-paidNothingOwed',
    prepare: async (world) => ({
      activities: launchSteps(world, 0, null),
      async drive() {
        await startPaidLaunch(world.temporal, { listingId: 107, ownerId: owner, week: null });
        return workflowIds.listingLaunch(107);
      },
    }),
  },
  {
    name: 'listingUpdateNotice-configuredBatches',
    prepare: async ({ temporal, config }) => {
      const batch = followerBatches(config.followerMail.batchSize);
      return {
        activities: { tellFollowerBatch: async () => ({ ...(await batch()), pauseMs: config.followerMail.pauseMs }) },
        async drive() {
          await startUpdateNotice(temporal, { id: 202, listingId: 101, ownerId: owner });
          return workflowIds.listingUpdateNotice(202);
        },
      };
    },
  },
  {
    name: 'orderFulfilment-fulfilled',
    prepare: async ({ env, temporal, config }) => ({
      activities: {
        orderStatus: () => Promise.resolve('paid'),
        unfulfilledOrderLines: () => Promise.resolve([1, 2]),
        fulfilOrderLine: () => Promise.resolve(true),
        completeOrder: () => Promise.resolve('fulfilled'),
      },
      async drive() {
        const number = 'LD-2026-000301';
        const order = { number, ownerId: owner, listingId: 101 };
        await startOrderFulfilment(temporal, config, order);
        await env.sleep(12 * minute);
        // The payment provider's webhook recorded the payment and tells the lifecycle.
        await signalOrderPaid(temporal, config, order);
        return workflowIds.orderFulfilment(number);
      },
    }),
  },
  {
    name: 'orderFulfilment-expired',
    prepare: async ({ env, temporal, config }) => ({
      activities: {
        orderStatus: () => Promise.resolve('pending'),
        expireOrder: () => Promise.resolve('expired'),
      },
      async drive() {
        const number = 'LD-2026-000302';
        const order = { number, ownerId: owner, listingId: null };
        await startOrderFulfilment(temporal, config, order);
        await env.sleep(2 * hour);
        // A paid signal sent by hand to an unpaid order: it finds the order pending and keeps waiting.
        await signalOrderPaid(temporal, config, order);
        return workflowIds.orderFulfilment(number);
      },
    }),
  },
  {
    name: 'claimVerification-metaVerified',
    async prepare({ env, temporal, now }) {
      const claim = {
        id: 401,
        listingId: 101,
        userId: owner,
        method: 'meta' as const,
        expiresAt: new Date((await now()) + 7 * day),
      };
      let checks = 0;
      return {
        activities: {
          checkClaim: () =>
            Promise.resolve(
              ++checks < 4
                ? { status: 'pending', result: 'The meta tag is not on https://acme.test/ yet.', canceledWorkflows: [] }
                : { status: 'verified', result: 'Meta tag found on https://acme.test/.', canceledWorkflows: ['claim-402'] },
            ),
        },
        async drive() {
          await startClaimVerification(temporal, claim);
          await env.sleep(20 * minute);
          // The claimant added the tag and asked for a check now (verify_claim).
          await checkClaimNow(temporal, claim, minute);
          return workflowIds.claimVerification(claim.id);
        },
      };
    },
  },
  {
    name: 'claimVerification-emailExpired',
    async prepare({ env, temporal, now }) {
      const claim = {
        id: 403,
        listingId: 101,
        userId: owner,
        method: 'email' as const,
        expiresAt: new Date((await now()) + 7 * day),
      };
      return {
        activities: {
          mailClaimLink: () => Promise.resolve(),
          checkClaim: () =>
            Promise.resolve({ status: 'pending', result: 'The emailed link has not been confirmed.', canceledWorkflows: [] }),
          expireClaim: () => Promise.resolve('expired'),
        },
        async drive() {
          await startClaimVerification(temporal, claim);
          await env.sleep(day);
          await signalClaimChanged(temporal, claim.id);
          return workflowIds.claimVerification(claim.id);
        },
      };
    },
  },
  {
    name: 'voteReview-week',
    async prepare(world) {
      const week = mondayAfter(await world.now(), 1);
      return {
        activities: {
          // The real pass decides finality on its own clock, as this one does on the server's.
          reviewVotes: async () => {
            const at = await world.now();
            const final = at >= startOf(week) + 7 * day;
            return { week, final, reviewedAt: new Date(at).toISOString(), votes: 40, changed: final ? 3 : 0, clusters: [] };
          },
        },
        async drive() {
          await startVoteReview(world.temporal, week);
          return workflowIds.voteReview(week);
        },
      };
    },
  },
  {
    name: 'weeklyAwards-awarded',
    prepare: async ({ env, temporal }) => {
      let asked = 0;
      return {
        activities: {
          startVoteReviews: () => Promise.resolve(),
          // The final review pass is not written yet at the first ask: the activity is retried.
          awaitFinalVoteReview: ({ week }) =>
            ++asked < 2
              ? Promise.reject(
                  ApplicationFailure.retryable(`The votes of the week of ${week} have not had their final review yet.`),
                )
              : Promise.resolve(),
          awardWeek: ({ week }) => Promise.resolve({ week, written: 3, mailed: 3 }),
        },
        async drive() {
          const workflowId = `${workflowIds.weeklyAwardsSchedule}-${randomUUID()}`;
          await env.client.workflow.start(weeklyAwards, { taskQueue: temporal.taskQueue, workflowId });
          return workflowId;
        },
      };
    },
  },
  {
    name: 'moderationCase-remindedDecidedClosed',
    async prepare({ env, temporal, now }) {
      const openedAt = await now();
      let decidedAt: number | null = null;
      return {
        activities: caseSteps(() => ({ state: decidedAt ? 'decided' : 'open', waitingSince: openedAt, decidedAt })),
        async drive() {
          await caseChanged(temporal, reportedCase);
          // Reminded at 24 h and 72 h, decided on the fourth day; the appeal window then runs out.
          await env.sleep(4 * day);
          decidedAt = await now();
          await caseChanged(temporal, { ...reportedCase, state: 'decided' });
          return workflowIds.moderationCase(reportedCase.kind, reportedCase.itemId, reportedCase.itemCase);
        },
      };
    },
  },
  {
    name: 'moderationCase-appealed',
    async prepare({ env, temporal, now }) {
      let facts: CaseFacts = { state: 'open', waitingSince: await now(), decidedAt: null };
      return {
        activities: caseSteps(() => facts),
        async drive() {
          const c = { ...reportedCase, itemId: 102, listingId: 102 };
          await caseChanged(temporal, c);
          await env.sleep(2 * hour);
          facts = { ...facts, state: 'decided', decidedAt: await now() };
          await caseChanged(temporal, { ...c, state: 'decided' });
          // The owner appeals a month later: the case waits again, reminded 24 h on, then is decided anew.
          await env.sleep(30 * day);
          facts = { ...facts, state: 'appealed', waitingSince: await now() };
          await caseChanged(temporal, { ...c, state: 'appealed' });
          await env.sleep(2 * day);
          facts = { ...facts, state: 'decided', decidedAt: await now() };
          await caseChanged(temporal, { ...c, state: 'decided' });
          return workflowIds.moderationCase(c.kind, c.itemId, c.itemCase);
        },
      };
    },
  },
  {
    name: 'housekeeping-settled',
    prepare: async ({ env, temporal }) => ({
      activities: { purgeExpiredRecords: () => Promise.resolve(), settleOverdueOrders: () => Promise.resolve(1) },
      async drive() {
        const workflowId = `${workflowIds.housekeepingSchedule}-${randomUUID()}`;
        await env.client.workflow.start(housekeeping, { taskQueue: temporal.taskQueue, workflowId });
        return workflowId;
      },
    }),
  },
];

/** Each run on a server of its own: the test server skips ten years to the run timeout of a workflow already closed. */
async function record(scenario: Scenario): Promise<number> {
  const env = await timeSkippingEnvironment();
  try {
    return await recordOn(env, scenario);
  } finally {
    await env.teardown();
  }
}

async function recordOn(env: TestWorkflowEnvironment, scenario: Scenario): Promise<number> {
  const taskQueue = `record-${scenario.name}-${randomUUID()}`;
  const world: World = {
    env,
    temporal: { connection: env.connection, client: env.client, taskQueue },
    config: loadConfig({ NODE_ENV: 'development' }),
    now: () => env.currentTimeMs(),
  };
  const { activities, drive } = await scenario.prepare(world);
  const worker = await workerWithActivities(env, taskQueue, activities);
  const history = await worker.runUntil(async () => {
    const handle = env.client.workflow.getHandle(await drive());
    await handle.result().catch(() => undefined);
    return handle.fetchHistory();
  });
  writeFileSync(join(historiesDir, `${scenario.name}.json.gz`), historyFile(history));
  return history.events?.length ?? 0;
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !scenarios.some((s) => s.name === name));
if (unknown.length) {
  console.error(`No scenario named ${unknown.join(', ')}; there are: ${scenarios.map((s) => s.name).join(', ')}`);
  process.exit(1);
}
const config = loadConfig({ ...process.env, NODE_ENV: 'test' });
const dir = mkdtempSync(join(tmpdir(), 'record-histories-'));
const bundlePath = join(dir, 'workflow-bundle.js');
writeFileSync(bundlePath, (await bundleWorkflows()).code);
process.env[testEnv.workflowBundle] = bundlePath;
process.env[testEnv.timeSkippingServer] = await installTimeSkippingServer(config.temporal.cliCacheDir);
mkdirSync(historiesDir, { recursive: true });
try {
  for (const scenario of scenarios.filter((s) => !wanted.length || wanted.includes(s.name))) {
    // The time-skipping server now and then stalls a run: say so rather than wait for ever.
    const stalled = new Promise<never>((_, reject) => {
      setTimeout(() => reject(new Error(`${scenario.name} stalled for 3 minutes: record it again`)), 180_000).unref();
    });
    console.log(`${scenario.name}: ${await Promise.race([record(scenario), stalled])} events`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
