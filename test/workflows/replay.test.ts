import { readFileSync } from 'node:fs';
import { Worker } from '@temporalio/worker';
import * as workflows from '../../workflows/index.js';
import { createLogger } from '../../src/logger.js';
import { routeSdkLogs } from '../../src/worker.js';
import { testEnv } from '../support/test-env.js';
import { recordedHistories } from './histories.js';

/**
 * A deploy must not break a run in flight: every recorded history (test/workflows/histories/,
 * recorded by record-histories.ts) replays against today's workflow code without nondeterminism.
 * A change that fails here goes behind patched() (docs/temporal.md).
 */
describe('recorded workflow histories', () => {
  const histories = recordedHistories();

  it('cover every workflow type the worker runs', () => {
    const recorded = new Set(histories.map((h) => h.workflowType));
    expect(Object.keys(workflows).filter((type) => !recorded.has(type))).toEqual([]);
  });

  it('replay against the current workflow code', async () => {
    routeSdkLogs(createLogger({ logLevel: 'warn' }, 'replay'));
    const bundle = readFileSync(process.env[testEnv.workflowBundle]!, 'utf8');
    const results = Worker.runReplayHistories(
      { workflowBundle: { code: bundle }, replayName: 'recorded-histories' },
      histories.map(({ name, history }) => ({ workflowId: name, history })),
    );
    const replayed: string[] = [];
    const failures: string[] = [];
    for await (const result of results) {
      replayed.push(result.workflowId);
      if (result.error) failures.push(`${result.workflowId}: ${result.error.name}: ${result.error.message}`);
    }
    expect(failures).toEqual([]);
    expect(replayed).toEqual(histories.map((h) => h.name));
    // Some two dozen replays in one worker: well over a minute when the machine runs other tests.
  }, 300_000);
});
