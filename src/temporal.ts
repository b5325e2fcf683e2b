import {
  Client,
  Connection,
  ScheduleAlreadyRunning,
  WithStartWorkflowOperation,
  type ScheduleOptions,
  type ScheduleOptionsAction,
  type ScheduleSpec,
  type Workflow,
  type WorkflowHandle,
  type WorkflowStartOptions,
  WorkflowExecutionAlreadyStartedError,
} from '@temporalio/client';
import type { SearchAttributePair, SearchAttributeType, SignalDefinition, UpdateDefinition } from '@temporalio/common';
import protos from '@temporalio/proto';
import { housekeeping } from '../workflows/housekeeping.js';
import { voteReview } from '../workflows/vote-review.js';
import { weeklyAwards } from '../workflows/weekly-awards.js';
import { isoDate, mondayOf } from './domain/weeks.js';
import { voteReviewStatusAttribute, voteWeekAttribute } from './domain/search-attributes.js';
import { customSearchAttributes } from './domain/search-attributes.js';
import type { Config } from './config.js';
import { countWorkflowStart } from './platform/metrics.js';

/**
 * Temporal conventions in one place. Workflow ids are business keys, so a retried request finds
 * the workflow it already started instead of starting a second one.
 */
export const workflowIds = {
  draftBuild: (draftId: string) => `draft-${draftId}`,
  listingLaunch: (listingId: number) => `listing-launch-${listingId}`,
  listingUpdateNotice: (updateId: number) => `listing-update-${updateId}`,
  claimVerification: (claimId: number | string) => `claim-${claimId}`,
  orderFulfilment: (orderNumber: string) => `order-${orderNumber}`,
  voteReview: (week: string) => `vote-review-${week}`,
  moderationCase: (kind: string, itemId: number, itemCase: number) => `moderation-${kind}-${itemId}-${itemCase}`,
  weeklyAwardsSchedule: 'weekly-awards',
  housekeepingSchedule: 'housekeeping',
} as const;

export interface TemporalHandle {
  connection: Connection;
  client: Client;
  taskQueue: string;
}

export async function connectTemporal(config: Config, address = config.temporal.address): Promise<TemporalHandle> {
  if (!address) throw new Error('No Temporal address: set TEMPORAL_ADDRESS or start the embedded stack (npm start).');
  const connection = await Connection.connect({ address });
  const client = new Client({ connection, namespace: config.temporal.namespace });
  return { connection, client, taskQueue: config.temporal.taskQueue };
}

/** True when the frontend service answers; used by /readyz. */
export async function temporalReachable(handle: TemporalHandle): Promise<boolean> {
  try {
    await handle.connection.workflowService.getSystemInfo({});
    return true;
  } catch {
    return false;
  }
}

/** How to start one lifecycle: its business-key id, its typed arguments, what operators filter by. */
export interface LifecycleStart<W extends Workflow> {
  workflowId: string;
  args: Parameters<W>;
  searchAttributes: SearchAttributePair[];
  /** One line shown for the run in the Temporal UI. */
  summary?: string;
}

function startOptions<W extends Workflow>(temporal: TemporalHandle, start: LifecycleStart<W>): WorkflowStartOptions<W> {
  // The SDK types `args` conditionally on W, which TypeScript cannot resolve for a generic W.
  return {
    workflowId: start.workflowId,
    taskQueue: temporal.taskQueue,
    args: start.args,
    typedSearchAttributes: start.searchAttributes,
    workflowIdConflictPolicy: 'USE_EXISTING',
    ...(start.summary ? { staticSummary: start.summary } : {}),
  } as unknown as WorkflowStartOptions<W>;
}

/** Starts the lifecycle, or finds the run already open under its id (a retried request starts nothing new). */
export function startLifecycle<W extends Workflow>(
  temporal: TemporalHandle,
  workflow: W,
  start: LifecycleStart<W>,
): Promise<WorkflowHandle<W>> {
  countWorkflowStart(workflow.name);
  return temporal.client.workflow.start(workflow, startOptions(temporal, start));
}

/**
 * Runs `update` on the lifecycle open under the id, starting one first when none is open (its run
 * completed, say), and resolves with the update's result.
 */
export function updateLifecycleWithStart<W extends Workflow, Ret, Args extends unknown[]>(
  temporal: TemporalHandle,
  workflow: W,
  start: LifecycleStart<W>,
  update: UpdateDefinition<Ret, Args>,
  ...args: Args
): Promise<Ret> {
  countWorkflowStart(workflow.name);
  const startWorkflowOperation = new WithStartWorkflowOperation(workflow, {
    ...startOptions(temporal, start),
    workflowIdConflictPolicy: 'USE_EXISTING',
  });
  return temporal.client.workflow.executeUpdateWithStart(update, { args, startWorkflowOperation });
}

/**
 * `updateLifecycleWithStart`, waiting `waitMs` at most: true once the update is done, false when
 * the wait ran out. The update goes on in the workflow; only this caller stops waiting (its calls
 * to the server are cancelled, so none is left retrying after the connection closes).
 */
export async function updateLifecycleWithStartWithin<W extends Workflow, Ret, Args extends unknown[]>(
  temporal: TemporalHandle,
  workflow: W,
  start: LifecycleStart<W>,
  update: UpdateDefinition<Ret, Args>,
  waitMs: number,
  ...args: Args
): Promise<boolean> {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), waitMs);
  try {
    await temporal.connection.withAbortSignal(stop.signal, () =>
      updateLifecycleWithStart(temporal, workflow, start, update, ...args),
    );
    return true;
  } catch (error) {
    if (stop.signal.aborted) return false;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Sends `signal` to the lifecycle open under the id, starting one first when none is open. */
export async function signalLifecycleWithStart<W extends Workflow, Args extends unknown[]>(
  temporal: TemporalHandle,
  workflow: W,
  start: LifecycleStart<W>,
  signal: SignalDefinition<Args>,
  ...args: Args
): Promise<void> {
  const { workflowIdConflictPolicy: _policy, ...options } = startOptions(temporal, start) as WorkflowStartOptions<W> & {
    workflowIdConflictPolicy?: string;
  };
  countWorkflowStart(workflow.name);
  // Signal-with-start always joins an open run, so it takes no conflict policy.
  await temporal.client.workflow.signalWithStart(workflow, {
    ...options,
    signal,
    signalArgs: args,
  } as unknown as Parameters<typeof temporal.client.workflow.signalWithStart<W, Args>>[1]);
}

/**
 * What a worker deployment needs on the server before work arrives: the custom search attributes
 * (an embedded dev server gets them at start) and the schedules. Safe to repeat.
 */
export async function prepareTemporal(temporal: TemporalHandle, namespace: string): Promise<void> {
  await registerSearchAttributes(temporal.connection, namespace);
  await ensureSchedules(temporal);
  await startVoteReview(temporal, isoDate(mondayOf(new Date())));
}

/**
 * Starts the vote review of a launch week (`vote-review-<week>`), or finds it running; a review
 * that ended well is not run again, one that failed or was stopped is.
 */
export async function startVoteReview(temporal: TemporalHandle, week: string): Promise<void> {
  countWorkflowStart(voteReview.name);
  try {
    await temporal.client.workflow.start(voteReview, {
      ...startOptions<typeof voteReview>(temporal, {
        workflowId: workflowIds.voteReview(week),
        args: [{ week }],
        searchAttributes: [
          { key: voteWeekAttribute, value: week },
          { key: voteReviewStatusAttribute, value: 'reviewing' },
        ],
        summary: `Vote review of the week of ${week}`,
      }),
      workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

const indexedValueTypes: Record<SearchAttributeType, protos.temporal.api.enums.v1.IndexedValueType> = {
  TEXT: protos.temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_TEXT,
  KEYWORD: protos.temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD,
  INT: protos.temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_INT,
  DOUBLE: protos.temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_DOUBLE,
  BOOL: protos.temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_BOOL,
  DATETIME: protos.temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_DATETIME,
  KEYWORD_LIST: protos.temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD_LIST,
};

/** Adds the custom search attributes the server does not know yet. */
export async function registerSearchAttributes(connection: Connection, namespace: string): Promise<void> {
  const { customAttributes } = await connection.operatorService.listSearchAttributes({ namespace });
  const missing = customSearchAttributes.filter((key) => !(key.name in customAttributes));
  if (!missing.length) return;
  await connection.operatorService.addSearchAttributes({ namespace, searchAttributes: searchAttributeTypes(missing) });
}

/** Name -> indexed type, as the operator service takes them. */
export function searchAttributeTypes(
  keys = customSearchAttributes,
): Record<string, protos.temporal.api.enums.v1.IndexedValueType> {
  return Object.fromEntries(keys.map((key) => [key.name, indexedValueTypes[key.type]]));
}

interface ScheduleDefinition {
  id: string;
  workflow: Workflow;
  spec: ScheduleSpec;
  policies?: ScheduleOptions['policies'];
}

const schedules: ScheduleDefinition[] = [
  // The hourly purge of expired records (one run at a time, whichever worker takes it).
  { id: workflowIds.housekeepingSchedule, workflow: housekeeping, spec: { intervals: [{ every: '1 hour' }] } },
  // Monday 00:05 UTC; a service stopped for up to four weeks runs every week it missed, in turn, when it is back.
  {
    id: workflowIds.weeklyAwardsSchedule,
    workflow: weeklyAwards,
    spec: { calendars: [{ dayOfWeek: 'MONDAY', hour: 0, minute: 5 }] },
    policies: { catchupWindow: '28 days', overlap: 'BUFFER_ALL' },
  },
];

/** Creates each schedule, or brings one made by an older deployment up to date. Safe to repeat. */
export async function ensureSchedules(temporal: TemporalHandle): Promise<void> {
  for (const schedule of schedules) {
    const action: ScheduleOptionsAction = {
      type: 'startWorkflow',
      workflowType: schedule.workflow,
      workflowId: schedule.id,
      taskQueue: temporal.taskQueue,
      args: [],
    };
    const options = { spec: schedule.spec, action, ...(schedule.policies ? { policies: schedule.policies } : {}) };
    try {
      await temporal.client.schedule.create({ scheduleId: schedule.id, ...options });
    } catch (error) {
      if (!(error instanceof ScheduleAlreadyRunning)) throw error;
      await temporal.client.schedule.getHandle(schedule.id).update((current) => ({ ...current, ...options }));
    }
  }
}
