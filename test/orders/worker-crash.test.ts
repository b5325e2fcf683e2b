import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { workflowIds } from '../../src/domain/workflow-ids.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { WebClient } from '../support/web-client.js';
import { startWorkerProcess } from '../support/worker-process.js';
import { openShop, receiptsTo, sql } from './support.js';

let app: TestApp;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  app = await startTestApp({ worker: false });
});
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await app.close();
});

describe('orderFulfilment when its worker is killed between two lines', () => {
  it('fulfils each line exactly once after a new worker starts', async () => {
    const first = await startWorkerProcess(app.env, workers);
    const shop = await openShop(app, 'crash@example.com', 'crash-board');
    const second = (await openShop(app, 'crash@example.com', 'crash-sections')).listingId;
    const created = await shop.owner.call('POST', '/orders/checkout', {
      items: [
        { product: 'billboard', listing_id: shop.listingId, amount_cents: 4000 },
        { product: 'unlock-sections', listing_id: second },
      ],
      billing_country: 'US',
    });
    const number: string = created.body.number;

    // Hold the second listing's row: its line's transaction waits on it, after the first line committed.
    const holder = new pg.Client({ connectionString: app.databaseUrl });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from listing where id = $1 for update', [second]);

    const browser = new WebClient(app.url);
    const page = await browser.get(created.body.checkout_url);
    const paid = await browser.submit(page, `/checkout/${number}`, { action: 'pay', name: 'Crash Test', method: 'card' });
    expect(paid.status).toBe(303);

    for (;;) {
      const lines = (await shop.owner.call('GET', `/orders/${number}`)).body.lines;
      if (lines[0].fulfilled) {
        expect(lines[1].fulfilled).toBe(false);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Let the second line's activity reach its blocked write before the worker dies.
    await new Promise((resolve) => setTimeout(resolve, 500));
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    await holder.query('rollback');
    await holder.end();

    await startWorkerProcess(app.env, workers);
    let order = (await shop.owner.call('GET', `/orders/${number}`)).body;
    for (let i = 0; i < 600 && order.status !== 'fulfilled'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      order = (await shop.owner.call('GET', `/orders/${number}`)).body;
    }
    expect(order.status).toBe('fulfilled');
    expect(order.lines.map((l: { fulfilled: boolean }) => l.fulfilled)).toEqual([true, true]);

    const contributions = await sql(app, 'select amount_cents from billboard_contribution where order_number = ?', [number]);
    expect(contributions).toHaveLength(1);
    const [board] = await sql<{ billboard_cents: string }>(app, 'select billboard_cents from listing where id = ?', [
      shop.listingId,
    ]);
    expect(Number(board.billboard_cents)).toBe(4000);
    const [sections] = await sql<{ unlocked_sections: string[] }>(app, 'select unlocked_sections from listing where id = ?', [
      second,
    ]);
    expect([...sections.unlocked_sections].sort()).toEqual(['media', 'milestones', 'story']);
    const receipts = await receiptsTo(app, shop.owner.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].subject).toMatch(/^TEST receipt/);

    const run = app.deps.temporal.client.workflow.getHandle(workflowIds.orderFulfilment(number));
    // The order reads fulfilled once completeOrder's write commits, before Temporal records that activity's start.
    await run.result();
    const events = (await run.fetchHistory()).events ?? [];
    const scheduled = events.flatMap((e) =>
      e.activityTaskScheduledEventAttributes ? [e.activityTaskScheduledEventAttributes.activityType?.name] : [],
    );
    // The paid signal is checked against the order's status first.
    expect(scheduled).toEqual(['orderStatus', 'unfulfilledOrderLines', 'fulfilOrderLine', 'fulfilOrderLine', 'completeOrder']);
    const attempts = events.flatMap((e) =>
      e.activityTaskStartedEventAttributes ? [e.activityTaskStartedEventAttributes.attempt] : [],
    );
    expect(attempts).toEqual([1, 1, 1, 2, 1]);
  }, 120_000);
});
