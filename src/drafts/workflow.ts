import { WithStartWorkflowOperation, WorkflowUpdateFailedError } from '@temporalio/client';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { workflowIds, type TemporalHandle } from '../temporal.js';
import { draftBuildWorkflow, regenerateUpdateName, type DraftBuildInput, type RegenerateRequest } from '../domain/draft-build.js';

/**
 * The api's side of the draft build. The workflow id is the draft's, and an existing run is
 * always reused, so a retried request never starts a second build.
 */
export async function startDraftBuild(temporal: TemporalHandle, config: Config, draftId: string): Promise<void> {
  const input: DraftBuildInput = { draftId, idleMs: config.draftIdleSeconds * 1000 };
  await temporal.client.workflow.start(draftBuildWorkflow, {
    workflowId: workflowIds.draftBuild(draftId),
    taskQueue: temporal.taskQueue,
    args: [input],
    workflowIdConflictPolicy: 'USE_EXISTING',
  });
}

/**
 * Redrafts fields through the build workflow's regenerate update and waits until they are written.
 * When the build's run has completed (idle), update-with-start opens a serving run under the same
 * id; while one is open, every request goes to it.
 */
export async function regenerateDraftFields(temporal: TemporalHandle, config: Config, draftId: string, fields: string[]): Promise<void> {
  const input: DraftBuildInput = { draftId, idleMs: config.draftIdleSeconds * 1000, serveOnly: true };
  const startWorkflowOperation = new WithStartWorkflowOperation(draftBuildWorkflow, {
    workflowId: workflowIds.draftBuild(draftId),
    taskQueue: temporal.taskQueue,
    args: [input],
    workflowIdConflictPolicy: 'USE_EXISTING',
  });
  const request: RegenerateRequest = { fields };
  try {
    await temporal.client.workflow.executeUpdateWithStart(regenerateUpdateName, { args: [request], startWorkflowOperation });
  } catch (error) {
    if (error instanceof WorkflowUpdateFailedError) {
      throw new AppError('unavailable', `The fields could not be redrafted: ${error.cause?.message ?? error.message}. Try again.`);
    }
    throw error;
  }
}
