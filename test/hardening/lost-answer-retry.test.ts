import { startTestApp, type TestApp } from '../support/app.js';
import { insertListing, ownerWithKey, type Owner } from '../listings/support.js';

/**
 * A create whose transaction committed and whose process then died (or lost PostgreSQL) before
 * its answer was stored under the Idempotency-Key leaves the key 'running'. A minute later the
 * same request takes the key over and runs again: it must answer what the first run made, not
 * make it twice.
 */
let app: TestApp;
let owner: Owner;
let listingId: number;

const em = () => app.deps.orm.em.fork();

/** As a crash between the operation's commit and the storing of its answer leaves the key. */
async function loseAnswer(key: string): Promise<void> {
  const rows = await em().execute(
    `update idempotency_record set state = 'running', response_status = null, response_body = null,
       created_at = now() - interval '2 minutes' where key = ? returning key`,
    [key],
  );
  expect(rows).toHaveLength(1);
}

const count = async (table: 'listing_update' | 'milestone') =>
  Number((await em().execute<{ n: string }[]>(`select count(*) as n from ${table} where listing_id = ?`, [listingId]))[0].n);

beforeAll(async () => {
  app = await startTestApp({ worker: false, env: { RATE_LIMIT_POINTS: '10000' } });
  owner = await ownerWithKey(app, 'retrier@example.test');
  listingId = await insertListing(em(), app.deps.site.id, { slug: 'retried', ownerId: owner.id, status: 'live' });
});
afterAll(() => app.close());

describe('a create retried after its answer was lost', () => {
  it('post_listing_update answers the update it posted, and posts no second one', async () => {
    const body = { title: 'Version 3', body: 'Posted once.' };
    const first = await owner.call('POST', `/me/listings/${listingId}/updates`, body, { 'idempotency-key': 'update-1' });
    expect(first.status).toBe(201);
    await loseAnswer('update-1');

    const retry = await owner.call('POST', `/me/listings/${listingId}/updates`, body, { 'idempotency-key': 'update-1' });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(retry.body).toEqual(first.body);
    expect(await count('listing_update')).toBe(1);

    // The key names one request: another key is another update.
    const other = await owner.call('POST', `/me/listings/${listingId}/updates`, body, { 'idempotency-key': 'update-2' });
    expect(other.status).toBe(201);
    expect(other.body.id).not.toBe(first.body.id);
    expect(await count('listing_update')).toBe(2);
  });

  it('post_listing_update answers a retried update that was not mailed as it was first answered', async () => {
    const body = { title: 'Version 4', body: 'Past the daily mail.' };
    const first = await owner.call('POST', `/me/listings/${listingId}/updates`, body, { 'idempotency-key': 'update-3' });
    expect(first.body).toMatchObject({ followers_mailed: false, next_mail_at: expect.any(String) });
    await loseAnswer('update-3');
    const retry = await owner.call('POST', `/me/listings/${listingId}/updates`, body, { 'idempotency-key': 'update-3' });
    expect(retry.body).toEqual(first.body);
    expect(await count('listing_update')).toBe(3);
  });

  it('add_milestone answers the milestone it added, and adds no second one', async () => {
    const body = { date: '2026-11-01', title: 'First customer', description: 'A bakery.' };
    const first = await owner.call('POST', `/me/listings/${listingId}/milestones`, body, { 'idempotency-key': 'milestone-1' });
    expect(first.status).toBe(201);
    await loseAnswer('milestone-1');

    const retry = await owner.call('POST', `/me/listings/${listingId}/milestones`, body, { 'idempotency-key': 'milestone-1' });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await count('milestone')).toBe(1);
  });

  it('add_milestone without a key adds one each time, as a request without one asks', async () => {
    const body = { date: '2026-11-02', title: 'Second customer' };
    expect((await owner.call('POST', `/me/listings/${listingId}/milestones`, body)).status).toBe(201);
    expect((await owner.call('POST', `/me/listings/${listingId}/milestones`, body)).status).toBe(201);
    expect(await count('milestone')).toBe(3);
  });
});
