import { readFileSync } from 'node:fs';
import { Worker } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';
import { createLogger } from '../../src/logger.js';
import { routeSdkLogs } from '../../src/worker.js';
import { testEnv } from '../support/test-env.js';
import { recordedHistories } from './histories.js';

/**
 * What replay.test.ts guards against, shown once: a recorded listingUpdateNotice history replays
 * on the workflow as it is, fails with a nondeterminism error on a copy changed carelessly (an
 * activity inserted before the first batch, test/support/workflows/changed-update-notice.ts), and
 * replays again once that change is behind patched().
 */
const recorded = recordedHistories().find((h) => h.name === 'listingUpdateNotice-configuredBatches')!;

/** The recorded history, as if it had been started as `workflowType` (the changed copies' names). */
function startedAs(workflowType: string) {
  const history = structuredClone(recorded.history);
  history.events![0].workflowExecutionStartedEventAttributes!.workflowType = { name: workflowType };
  return history;
}

async function replayOn(workflowTypes: string[]): Promise<Array<[string, string]>> {
  routeSdkLogs(createLogger({ logLevel: 'fatal' }, 'replay-change'));
  const bundle = readFileSync(process.env[testEnv.workflowBundle]!, 'utf8');
  const results = Worker.runReplayHistories(
    { workflowBundle: { code: bundle }, replayName: 'replay-change' },
    workflowTypes.map((type) => ({ workflowId: type, history: startedAs(type) })),
  );
  const outcomes: Array<[string, string]> = [];
  for await (const result of results) {
    const error = result.error;
    outcomes.push([
      result.workflowId,
      !error ? 'replayed' : error instanceof DeterminismViolationError ? 'nondeterminism' : `${error.name}: ${error.message}`,
    ]);
  }
  return outcomes;
}

it('fails a carelessly changed workflow on a recorded history, and replays the patched change', async () => {
  expect(recorded.workflowType).toBe('listingUpdateNotice');
  expect(
    await replayOn(['listingUpdateNotice', 'listingUpdateNoticeCountingFirst', 'listingUpdateNoticeCountingFirstPatched']),
  ).toEqual([
    ['listingUpdateNotice', 'replayed'],
    ['listingUpdateNoticeCountingFirst', 'nondeterminism'],
    ['listingUpdateNoticeCountingFirstPatched', 'replayed'],
  ]);
}, 120_000);
