import { WithStartWorkflowOperation, type WorkflowHandle, type WorkflowStartOptions } from '@temporalio/client';
import type { SearchAttributePair, SignalDefinition, UpdateDefinition } from '@temporalio/common';
import type * as workflows from '../../workflows/index.js';
import type { TemporalHandle } from '../temporal.js';
import { countWorkflowStart } from './metrics.js';

/**
 * Typed starters of the lifecycles, for the resources that own them. A workflow is named by its
 * type (the compiler checks it against workflows/), so a resource takes from workflows/ only messages.
 */
type Workflows = typeof workflows;
export type WorkflowName = keyof Workflows;

/** How to start one lifecycle: its business-key id, its typed arguments, what operators filter by. */
export interface LifecycleStart<N extends WorkflowName> {
  workflowId: string;
  args: Parameters<Workflows[N]>;
  searchAttributes: SearchAttributePair[];
  /** One line shown for the run in the Temporal UI. */
  summary?: string;
}

export function startOptions<N extends WorkflowName>(
  temporal: TemporalHandle,
  start: LifecycleStart<N>,
): WorkflowStartOptions<Workflows[N]> {
  // The SDK types `args` conditionally on the workflow, which TypeScript cannot resolve for a generic one.
  return {
    workflowId: start.workflowId,
    taskQueue: temporal.taskQueue,
    args: start.args,
    typedSearchAttributes: start.searchAttributes,
    workflowIdConflictPolicy: 'USE_EXISTING',
    ...(start.summary ? { staticSummary: start.summary } : {}),
  } as unknown as WorkflowStartOptions<Workflows[N]>;
}

/** Starts the lifecycle, or finds the run already open under its id (a retried request starts nothing new). */
export function startLifecycle<N extends WorkflowName>(
  temporal: TemporalHandle,
  workflowType: N,
  start: LifecycleStart<N>,
): Promise<WorkflowHandle<Workflows[N]>> {
  countWorkflowStart(workflowType);
  return temporal.client.workflow.start<Workflows[N]>(workflowType, startOptions(temporal, start));
}

/**
 * Runs `update` on the lifecycle open under the id, starting one first when none is open (its run
 * completed, say), and resolves with the update's result.
 */
export function updateLifecycleWithStart<N extends WorkflowName, Ret, Args extends unknown[]>(
  temporal: TemporalHandle,
  workflowType: N,
  start: LifecycleStart<N>,
  update: UpdateDefinition<Ret, Args>,
  ...args: Args
): Promise<Ret> {
  countWorkflowStart(workflowType);
  const startWorkflowOperation = new WithStartWorkflowOperation<Workflows[N]>(workflowType, {
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
export async function updateLifecycleWithStartWithin<N extends WorkflowName, Ret, Args extends unknown[]>(
  temporal: TemporalHandle,
  workflowType: N,
  start: LifecycleStart<N>,
  update: UpdateDefinition<Ret, Args>,
  waitMs: number,
  ...args: Args
): Promise<boolean> {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), waitMs);
  try {
    await temporal.connection.withAbortSignal(stop.signal, () =>
      updateLifecycleWithStart(temporal, workflowType, start, update, ...args),
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
export async function signalLifecycleWithStart<N extends WorkflowName, Args extends unknown[]>(
  temporal: TemporalHandle,
  workflowType: N,
  start: LifecycleStart<N>,
  signal: SignalDefinition<Args>,
  ...args: Args
): Promise<void> {
  const { workflowIdConflictPolicy: _policy, ...options } = startOptions(temporal, start) as WorkflowStartOptions<
    Workflows[N]
  > & {
    workflowIdConflictPolicy?: string;
  };
  countWorkflowStart(workflowType);
  // Signal-with-start always joins an open run, so it takes no conflict policy.
  await temporal.client.workflow.signalWithStart<Workflows[N], Args>(workflowType, {
    ...options,
    signal,
    signalArgs: args,
  } as unknown as Parameters<typeof temporal.client.workflow.signalWithStart<Workflows[N], Args>>[1]);
}
