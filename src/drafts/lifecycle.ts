import { WorkflowUpdateFailedError } from '@temporalio/client';
import { regenerateUpdate } from '../../workflows/draft-build.js';
import { draftIdAttribute, draftStatusAttribute, ownerIdAttribute } from '../domain/search-attributes.js';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { DraftStatus } from '../domain/draft-build.js';
import { workflowIds } from '../domain/workflow-ids.js';
import { startLifecycle, updateLifecycleWithStart, type LifecycleStart } from '../platform/lifecycles.js';
import type { TemporalHandle } from '../temporal.js';

/** Whose draft the build is for; the status the run starts in is shown to operators. */
export interface DraftBuildRef {
  draftId: string;
  ownerId: number;
}

function buildStart(config: Config, draft: DraftBuildRef, status: DraftStatus, serveOnly: boolean): LifecycleStart<'draftBuild'> {
  return {
    workflowId: workflowIds.draftBuild(draft.draftId),
    args: [{ draftId: draft.draftId, idleMs: config.draftIdleSeconds * 1000, ...(serveOnly ? { serveOnly } : {}) }],
    searchAttributes: [
      { key: draftIdAttribute, value: draft.draftId },
      { key: ownerIdAttribute, value: draft.ownerId },
      { key: draftStatusAttribute, value: status },
    ],
  };
}

/**
 * The api's side of the draft build. The workflow id is the draft's, and an existing run is
 * always reused, so a retried request never starts a second build.
 */
export async function startDraftBuild(temporal: TemporalHandle, config: Config, draft: DraftBuildRef): Promise<void> {
  await startLifecycle(temporal, 'draftBuild', buildStart(config, draft, 'crawling', false));
}

/**
 * Redrafts fields through the build workflow's regenerate update and waits until they are written.
 * When the build's run has completed (idle), update-with-start opens a serving run under the same
 * id; while one is open, every request goes to it.
 */
export async function regenerateDraftFields(
  temporal: TemporalHandle,
  config: Config,
  draft: DraftBuildRef,
  fields: string[],
): Promise<void> {
  try {
    await updateLifecycleWithStart(temporal, 'draftBuild', buildStart(config, draft, 'ready', true), regenerateUpdate, {
      fields,
    });
  } catch (error) {
    if (error instanceof WorkflowUpdateFailedError) {
      throw new AppError(
        'unavailable',
        `The fields could not be redrafted: ${error.cause?.message ?? error.message}. Try again.`,
      );
    }
    throw error;
  }
}
