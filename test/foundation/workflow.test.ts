import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app.js';
import { workflowIds } from '../../src/domain/workflow-ids.js';
import { ensureSchedules } from '../../src/temporal.js';
import { startWorkerProcess } from '../support/worker-process.js';
import { housekeeping } from '../../workflows/housekeeping.js';
import type { ping } from '../support/workflows/ping.js';
import { waitFor } from '../support/until.js';

describe('Temporal round trip', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('runs the housekeeping workflow through the worker and its activity: expired records go, live ones stay', async () => {
    const db = app.deps.orm.em.fork().getConnection();
    await db.execute(
      `insert into sign_in_link (token_hash, email, mailbox, expires_at) values ('expired', 'a@example.com', 'a@example.com', now() - interval '2 days'), ('live', 'b@example.com', 'b@example.com', now() + interval '1 hour')`,
    );
    await app.deps.temporal.client.workflow.execute(housekeeping, {
      taskQueue: app.taskQueue,
      workflowId: `housekeeping-test-${randomUUID()}`,
    });
    const rows = await db.execute<{ token_hash: string }[]>('select trim(token_hash) as token_hash from sign_in_link order by 1');
    expect(rows.map((r) => r.token_hash)).toEqual(['live']);
  });
});

describe('schedules', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ worker: false });
  });
  afterAll(async () => {
    await app.deps.temporal.client.schedule.getHandle(workflowIds.housekeepingSchedule).delete();
    await app.deps.temporal.client.schedule.getHandle(workflowIds.weeklyAwardsSchedule).delete();
    await app.close();
  });

  it('are created once, and ensuring them again updates them instead of failing', async () => {
    await ensureSchedules(app.deps.temporal);
    await ensureSchedules(app.deps.temporal);
    const schedule = await app.deps.temporal.client.schedule.getHandle(workflowIds.housekeepingSchedule).describe();
    expect(schedule.spec.intervals).toMatchObject([{ every: 3_600_000 }]);
    expect(schedule.action).toMatchObject({ type: 'startWorkflow', workflowType: 'housekeeping', taskQueue: app.taskQueue });
  });

  it('award the week that ended every Monday at 00:05 UTC, catching up four weeks', async () => {
    await ensureSchedules(app.deps.temporal);
    const awards = await app.deps.temporal.client.schedule.getHandle(workflowIds.weeklyAwardsSchedule).describe();
    expect(awards.spec.calendars).toMatchObject([
      { dayOfWeek: [{ start: 'MONDAY', end: 'MONDAY' }], hour: [{ start: 0 }], minute: [{ start: 5 }] },
    ]);
    expect(awards.policies).toMatchObject({ catchupWindow: 28 * 24 * 3_600_000, overlap: 'BUFFER_ALL' });
    expect(awards.action).toMatchObject({ type: 'startWorkflow', workflowType: 'weeklyAwards', taskQueue: app.taskQueue });
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
    const handle = await client.workflow.start<typeof ping>('ping', {
      taskQueue: app.taskQueue,
      workflowId: `ping-${randomUUID()}`,
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
