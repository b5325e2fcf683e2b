import {
  ApplicationFailure,
  allHandlersFinished,
  condition,
  defineUpdate,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { draftLimits, type DraftBuildInput, type DraftStatus, type RegenerateRequest } from '../src/domain/draft-build.js';
import type { DraftFieldName } from '../src/domain/draft-fields.js';
import { draftStatusAttribute } from '../src/domain/search-attributes.js';

/** Redraft some fields from the stored crawl; resolves once they are written. */
export const regenerateUpdate = defineUpdate<void, [RegenerateRequest]>('regenerate');

/** Mirrors the draft's status (written to PostgreSQL by the activities) for the Temporal UI. */
function showStatus(status: DraftStatus): void {
  upsertSearchAttributes([{ key: draftStatusAttribute, value: status }]);
}

// Heartbeats every second: a killed worker's attempt is retried elsewhere within seconds.
const steps = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', maximumAttempts: 3 },
});
// An unreadable site fails inside the crawl with its reason; what the crawl throws is an outage, waited out.
const crawl = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds' },
});
const bookkeeping = proxyActivities<Activities>({ startToCloseTimeout: '30 seconds' });

/**
 * draft-<uuid>: reads the website, drafts the profile (status crawling -> drafting -> ready, or
 * failed with a reason), then stays open to serve regenerate updates until it has been idle for
 * `idleMs`. A run started by a later regenerate (serveOnly) skips the build.
 */
export async function draftBuild(input: DraftBuildInput): Promise<{ status: 'ready' | 'failed'; regenerations: number }> {
  let built = input.serveOnly === true;
  let failed = false;
  let regenerations = 0;
  let queue: Promise<void> = Promise.resolve();

  setHandler(
    regenerateUpdate,
    async ({ fields }) => {
      regenerations++;
      await condition(() => built);
      if (failed)
        throw ApplicationFailure.nonRetryable('The draft build failed; there is nothing to redraft from.', 'DraftNotReady');
      // One redraft at a time: each reads and writes the whole draft row.
      const run = queue.then(() => steps.draftDraftFields({ draftId: input.draftId, fields: fields as DraftFieldName[] }));
      queue = run.catch(() => undefined);
      await run;
    },
    {
      validator: ({ fields }) => {
        if (!Array.isArray(fields) || fields.length === 0 || fields.length > draftLimits.regenerate) {
          throw new Error(`regenerate takes 1 to ${draftLimits.regenerate} fields`);
        }
      },
    },
  );

  if (!built) {
    const crawled = await crawl.crawlDraftSite(input.draftId);
    failed = !crawled.ok;
    if (crawled.ok) {
      showStatus('drafting');
      try {
        await steps.draftDraftFields({ draftId: input.draftId });
      } catch (error) {
        failed = true;
        const cause = (error as { cause?: Error }).cause ?? (error as Error);
        await bookkeeping.failDraftBuild({
          draftId: input.draftId,
          reason: 'drafting_failed',
          message: `Drafting failed: ${cause.message}`,
        });
      }
    }
    showStatus(failed ? 'failed' : 'ready');
    built = true;
  }

  if (!failed) {
    for (;;) {
      const seen = regenerations;
      if (!(await condition(() => regenerations !== seen, input.idleMs))) break;
    }
  }
  await condition(allHandlersFinished);
  return { status: failed ? 'failed' : 'ready', regenerations };
}
