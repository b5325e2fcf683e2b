import {
  Client,
  Connection,
  ScheduleAlreadyRunning,
  WithStartWorkflowOperation,
  type ScheduleOptionsAction,
  type ScheduleSpec,
  type Workflow,
  type WorkflowHandle,
  type WorkflowStartOptions,
} from '@temporalio/client';
import type { SearchAttributePair, SearchAttributeType, UpdateDefinition } from '@temporalio/common';
import protos from '@temporalio/proto';
import { housekeeping } from '../workflows/housekeeping.js';
import { customSearchAttributes } from './domain/search-attributes.js';
import type { Config } from './config.js';

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
}

function startOptions<W extends Workflow>(temporal: TemporalHandle, start: LifecycleStart<W>): WorkflowStartOptions<W> {
  // The SDK types `args` conditionally on W, which TypeScript cannot resolve for a generic W.
  return {
    workflowId: start.workflowId,
    taskQueue: temporal.taskQueue,
    args: start.args,
    typedSearchAttributes: start.searchAttributes,
    workflowIdConflictPolicy: 'USE_EXISTING',
  } as unknown as WorkflowStartOptions<W>;
}

/** Starts the lifecycle, or finds the run already open under its id (a retried request starts nothing new). */
export function startLifecycle<W extends Workflow>(
  temporal: TemporalHandle,
  workflow: W,
  start: LifecycleStart<W>,
): Promise<WorkflowHandle<W>> {
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
  const startWorkflowOperation = new WithStartWorkflowOperation(workflow, {
    ...startOptions(temporal, start),
    workflowIdConflictPolicy: 'USE_EXISTING',
  });
  return temporal.client.workflow.executeUpdateWithStart(update, { args, startWorkflowOperation });
}

/**
 * What a worker deployment needs on the server before work arrives: the custom search attributes
 * (an embedded dev server gets them at start) and the `housekeeping` schedule. Safe to repeat.
 */
export async function prepareTemporal(temporal: TemporalHandle, namespace: string): Promise<void> {
  await registerSearchAttributes(temporal.connection, namespace);
  await ensureHousekeepingSchedule(temporal);
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

const housekeepingSpec: ScheduleSpec = { intervals: [{ every: '1 hour' }] };

/** The hourly purge of expired records, as a schedule (one run at a time, whichever worker takes it). */
export async function ensureHousekeepingSchedule(temporal: TemporalHandle): Promise<void> {
  const action: ScheduleOptionsAction = {
    type: 'startWorkflow',
    workflowType: housekeeping,
    workflowId: workflowIds.housekeepingSchedule,
    taskQueue: temporal.taskQueue,
    args: [],
  };
  try {
    await temporal.client.schedule.create({ scheduleId: workflowIds.housekeepingSchedule, spec: housekeepingSpec, action });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    // Another deployment may have created it with an older task queue or interval.
    await temporal.client.schedule
      .getHandle(workflowIds.housekeepingSchedule)
      .update((current) => ({ ...current, spec: housekeepingSpec, action }));
  }
}
