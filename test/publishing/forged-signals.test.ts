import type { WorkflowHandle } from '@temporalio/client';
import { isoDate, mondayOf } from '../../src/domain/weeks.js';
import { goLive, scheduleLaunch } from '../../src/publishing/launch-steps.js';
import { workflowIds } from '../../src/domain/workflow-ids.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { openShop, recordTestPayment, sql, type Shop } from '../orders/support.js';
import { until } from '../support/until.js';

/**
 * Signals sent by hand, by name and with the payload the sender likes, through the Temporal
 * client: what anyone with access to the Temporal UI or CLI can do. They change nothing unless
 * PostgreSQL holds the fact they claim.
 */
let app: TestApp;
let shops = 0;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const handle = (workflowId: string): WorkflowHandle => app.deps.temporal.client.workflow.getHandle(workflowId);

/** A listing of its own owner, queued for a free launch and waiting for its badge (it has no website to carry one). */
async function freeListing(): Promise<Shop> {
  const shop = await openShop(app, `founder${++shops}@example.test`, `forged-${shops}`);
  await sql(app, 'update listing set website_url = null where id = ?', [shop.listingId]);
  const chosen = await shop.owner.call('POST', `/me/listings/${shop.listingId}/free`);
  expect(chosen.body).toMatchObject({ status: 'awaiting_badge', publication: { plan: 'free' } });
  return shop;
}

async function checkout(shop: Shop, items: unknown[]): Promise<string> {
  const created = await shop.owner.call('POST', '/orders/checkout', { items, billing_country: 'US' });
  expect(created.status).toBe(201);
  return created.body.number;
}

describe('the listingLaunch upgraded signal', () => {
  it('sent by hand with no paid order: the listing stays a free launch awaiting its badge', async () => {
    const shop = await freeListing();
    const launch = handle(workflowIds.listingLaunch(shop.listingId));
    await launch.signal('upgraded', { week: null });
    // Answered once a check that follows the signal is written: by then the signal has been acted on.
    await launch.executeUpdate('checkGatesNow');
    const listing = await shop.owner.call('GET', `/me/listings/${shop.listingId}`);
    expect(listing.body).toMatchObject({ status: 'awaiting_badge', publication: { plan: 'free' } });
    expect((await launch.describe()).status.name).toBe('RUNNING');
  });

  it('sent by hand with a paid order for a launch of the listing: the listing is upgraded', async () => {
    const shop = await freeListing();
    // The order names this week, so the upgrade goes live at once (without one it would keep the free week).
    const thisWeek = isoDate(mondayOf(new Date()));
    const number = await checkout(shop, [{ product: 'launch', listing_id: shop.listingId, week: thisWeek }]);
    // Paid in PostgreSQL; the order's own lifecycle is not told, so only the hand-sent signal can act on it.
    expect(await recordTestPayment(app, number, `forged-${number}`)).toBe('recorded');
    const launch = handle(workflowIds.listingLaunch(shop.listingId));
    await launch.signal('upgraded');
    await expect(launch.result()).resolves.toBe('live');
    const listing = await shop.owner.call('GET', `/me/listings/${shop.listingId}`);
    expect(listing.body).toMatchObject({ status: 'live', publication: { plan: 'paid' } });
  });

  it('a paid launch started by hand for a listing nobody paid for ends without touching it', async () => {
    const shop = await openShop(app, 'unpaid@example.test', 'never-paid');
    const workflowId = workflowIds.listingLaunch(shop.listingId);
    await app.deps.temporal.client.workflow.start('listingLaunch', {
      taskQueue: app.taskQueue,
      workflowId,
      args: [{ listingId: shop.listingId, plan: 'paid', week: null }],
    });
    await expect(handle(workflowId).result()).resolves.toBe('not_paid');
    const listing = await shop.owner.call('GET', `/me/listings/${shop.listingId}`);
    expect(listing.body).toMatchObject({ status: 'draft', publication: { plan: 'free' } });
  });
});

describe('a free launch run started by hand', () => {
  it('with this week instead of the queued one: its steps are refused and the listing keeps its week', async () => {
    const shop = await freeListing();
    const before = (await shop.owner.call('GET', `/me/listings/${shop.listingId}`)).body;
    const thisWeek = isoDate(mondayOf(new Date()));
    expect(before.launch_week).not.toBe(thisWeek);
    // What a hand-started free run with another week calls once the gates hold.
    const em = () => app.deps.orm.em.fork();
    await expect(
      scheduleLaunch(em(), app.deps.config.publicUrl, { listingId: shop.listingId, plan: 'free', week: thisWeek }),
    ).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(
      goLive(em(), app.deps.mailer, app.deps.config.publicUrl, { listingId: shop.listingId, plan: 'free' }),
    ).rejects.toMatchObject({
      code: 'conflict',
    });
    const after = (await shop.owner.call('GET', `/me/listings/${shop.listingId}`)).body;
    expect(after).toMatchObject({ status: 'awaiting_badge', launch_week: before.launch_week, launched_at: null });
  });
});

describe('the orderFulfilment paid signal', () => {
  it('sent by hand to an unpaid order: nothing is delivered, and the order still waits for (and fulfils) its real payment', async () => {
    const shop = await openShop(app, 'billboard@example.test', 'billboarded');
    const number = await checkout(shop, [{ product: 'billboard', listing_id: shop.listingId, amount_cents: 5000 }]);
    const order = handle(workflowIds.orderFulfilment(number));
    await order.signal('paid');
    // What the run did after the signal, once its first step after it ended (or the run did).
    const afterSignal = async () => {
      const events = (await order.fetchHistory()).events ?? [];
      const signalled = events.findIndex((e) => e.workflowExecutionSignaledEventAttributes);
      const after = signalled < 0 ? [] : events.slice(signalled);
      return {
        steps: after.flatMap((e) => e.activityTaskScheduledEventAttributes?.activityType?.name ?? []),
        acted: after.some((e) => e.activityTaskCompletedEventAttributes || e.workflowExecutionCompletedEventAttributes),
      };
    };
    const { steps, acted } = await until(afterSignal, (seen) => seen.acted);
    expect(acted).toBe(true);
    // It looked the order up, and delivered nothing.
    expect(steps).toEqual(['orderStatus']);
    expect((await order.describe()).status.name).toBe('RUNNING');
    expect((await shop.owner.call('GET', `/orders/${number}`)).body).toMatchObject({ status: 'pending', paid_at: null });
    const [listing] = await sql<{ billboard_cents: string }>(app, 'select billboard_cents from listing where id = ?', [
      shop.listingId,
    ]);
    expect(Number(listing.billboard_cents)).toBe(0);

    expect(await recordTestPayment(app, number, `real-${number}`)).toBe('recorded');
    await order.signal('paid');
    await expect(order.result()).resolves.toBe('fulfilled');
  });
});
