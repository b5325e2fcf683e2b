import {
  Client,
  Connection,
  ScheduleAlreadyRunning,
  type ScheduleOptions,
  type ScheduleOptionsAction,
  type ScheduleSpec,
  type Workflow,
} from '@temporalio/client';
import type { SearchAttributeType } from '@temporalio/common';
import protos from '@temporalio/proto';
import { housekeeping } from '../workflows/housekeeping.js';
import { weeklyAwards } from '../workflows/weekly-awards.js';
import { isoDate, mondayOf } from './domain/weeks.js';
import { customSearchAttributes } from './domain/search-attributes.js';
import type { Config } from './config.js';
import { startVoteReview } from './community/lifecycle.js';
import { workflowIds } from './domain/workflow-ids.js';

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

/**
 * What a worker deployment needs on the server before work arrives: the custom search attributes
 * (an embedded dev server gets them at start) and the schedules. Safe to repeat.
 */
export async function prepareTemporal(temporal: TemporalHandle, namespace: string): Promise<void> {
  await registerSearchAttributes(temporal.connection, namespace);
  await ensureSchedules(temporal);
  await startVoteReview(temporal, isoDate(mondayOf(new Date())));
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
