import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app.js';
import { workflowIds } from '../../src/temporal.js';
import { startWorkerProcess } from '../support/worker-process.js';

describe('Temporal round trip', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('runs the ping workflow through the worker and its activity', async () => {
    const { client } = app.deps.temporal;
    const result = await client.workflow.execute('ping', {
      taskQueue: app.taskQueue,
      workflowId: workflowIds.ping(randomUUID()),
      args: [{ message: 'hello' }],
    });
    expect(result).toMatch(/^pong: hello \(database time \d{4}-\d\d-\d\dT/);
  });
});

describe('worker crash', () => {
  let app: TestApp;
  const workers: ChildProcess[] = [];

  const startWorker = () => startWorkerProcess(app.env, workers);

  beforeAll(async () => {
    app = await startTestApp({ worker: false });
  });
  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    await app.close();
  });

  it('completes a workflow after its worker is killed mid-run and another starts', async () => {
    const { client } = app.deps.temporal;
    const first = await startWorker();
    const handle = await client.workflow.start('ping', {
      taskQueue: app.taskQueue,
      workflowId: workflowIds.ping(randomUUID()),
      args: [{ message: 'survivor', waitMs: 4000 }],
    });
    // Wait until the worker has taken the first workflow task and started the durable timer.
    await waitFor(async () => ((await handle.fetchHistory()).events ?? []).some((e) => e.timerStartedEventAttributes));
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    await startWorker();
    await expect(handle.result()).resolves.toMatch(/^pong: survivor/);
    const history = await handle.fetchHistory();
    const timers = (history.events ?? []).filter((e) => e.timerStartedEventAttributes);
    expect(timers).toHaveLength(1);
  }, 90_000);
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not met in time');
}
