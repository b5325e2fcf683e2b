import type { ChildProcess } from 'node:child_process';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { startUpdateNotice } from '../../src/listings/lifecycle.js';
import { workflowIds } from '../../src/domain/workflow-ids.js';
import { startApiProcess } from '../support/api-process.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { startWorkerProcess } from '../support/worker-process.js';
import { insertListing, ownerWithKey, type Owner } from './support.js';

let app: TestApp;
let owner: Owner;
let stranger: Owner;
let liveId: number;
let draftId: number;
const workers: ChildProcess[] = [];
const apis: ChildProcess[] = [];

const em = () => app.deps.orm.em.fork();

/** Followers of a listing, each an account that followed before the update. */
async function addFollowers(listingId: number, emails: string[]): Promise<void> {
  for (const email of emails) {
    await em().execute(
      `with u as (insert into app_user (email) values (?) returning id)
       insert into follow (listing_id, user_id, created_at) select ?, id, now() - interval '1 minute' from u`,
      [email, listingId],
    );
  }
}

const mailsTo = async (pattern: string) =>
  (
    await em().execute<{ recipient: string; subject: string; text_body: string }[]>(
      'select recipient, subject, text_body from mail_outbox where recipient like ? order by id',
      [pattern],
    )
  ).map((m) => m);

async function noticeResult(updateId: number): Promise<{ told: number }> {
  return app.deps.temporal.client.workflow.getHandle(workflowIds.listingUpdateNotice(updateId)).result();
}

beforeAll(async () => {
  // The worker runs in its own process, so the test can kill it in the middle of a fan-out.
  app = await startTestApp({ worker: false, env: { FOLLOWER_MAIL_BATCH_SIZE: '1', FOLLOWER_MAIL_BATCH_PAUSE_MS: '1500' } });
  await startWorkerProcess(app.env, workers);
  owner = await ownerWithKey(app, 'poster@example.test');
  stranger = await ownerWithKey(app, 'other@example.test');
  liveId = await insertListing(em(), app.deps.site.id, { slug: 'newsy', ownerId: owner.id, status: 'live' });
  draftId = await insertListing(em(), app.deps.site.id, { slug: 'unseen', ownerId: owner.id, status: 'draft' });
});
afterAll(async () => {
  for (const w of [...workers, ...apis]) if (w.exitCode === null) w.kill('SIGKILL');
  await app.close();
});

describe('post_listing_update', () => {
  it('answers 201, shows the update on the listing and in the latest-updates page and Atom feed', async () => {
    const res = await owner.call('POST', `/me/listings/${liveId}/updates`, {
      title: 'Version 2 <is> out',
      body: 'Faster & smaller.\nTry it.',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      listing: { id: liveId, slug: 'newsy' },
      title: 'Version 2 <is> out',
      url: `${app.url}/listings/newsy`,
      followers_to_tell: 0,
    });
    expect(Date.parse(res.body.posted_at)).toBeGreaterThan(Date.now() - 60_000);
    const profile = await request(`${app.api}/listings/newsy`);
    expect(profile.body.latest_updates[0]).toMatchObject({ title: 'Version 2 <is> out', body: 'Faster & smaller.\nTry it.' });

    const page = await fetch(`${app.url}/updates`);
    const text = await page.text();
    expect(page.status).toBe(200);
    expect(text).toContain('Version 2 &lt;is&gt; out');
    expect(text).toContain('href="http://127.0.0.1');
    const atom = await fetch(`${app.url}/updates.atom`);
    expect(atom.headers.get('content-type')).toContain('application/atom+xml');
    const xml = await atom.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(xml).toContain('Version 2 &lt;is&gt; out');
    expect(xml).toContain(`<link href="${app.url}/listings/newsy"/>`);
    expect(await noticeResult(res.body.id)).toEqual({ told: 0 });
  });

  it('keeps the updates of a listing nobody can see out of the feed', async () => {
    const res = await owner.call('POST', `/me/listings/${draftId}/updates`, { title: 'Secret news', body: 'Not yet.' });
    expect(res.status).toBe(201);
    expect(await (await fetch(`${app.url}/updates`)).text()).not.toContain('Secret news');
    expect(await (await fetch(`${app.url}/updates.atom`)).text()).not.toContain('Secret news');
  });

  it('refuses a missing or over-long title or body with 400 naming the field; 404 for another owner', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ body: 'b' }, 'body.title'],
      [{ title: 't' }, 'body.body'],
      [{ title: 'x'.repeat(201), body: 'b' }, 'body.title'],
      [{ title: 't', body: 'x'.repeat(5001) }, 'body.body'],
      [{ title: ' ', body: 'b' }, 'body.title'],
      [{ title: 't', body: 'b', pinned: true }, 'body.pinned'],
    ];
    for (const [body, path] of cases) {
      const res = await owner.call('POST', `/me/listings/${liveId}/updates`, body);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.errors.map((e: any) => e.path)).toContain(path);
    }
    const ok = await owner.call('POST', `/me/listings/${liveId}/updates`, { title: 'x'.repeat(200), body: 'y'.repeat(5000) });
    expect(ok.status).toBe(201);
    expect((await stranger.call('POST', `/me/listings/${liveId}/updates`, { title: 't', body: 'b' })).status).toBe(404);
  });

  it('mails each of 3 followers exactly once, even when the worker is killed after the first batch', async () => {
    const id = await insertListing(em(), app.deps.site.id, { slug: 'followed', ownerId: owner.id, status: 'live' });
    await addFollowers(id, ['f1@example.test', 'f2@example.test', 'f3@example.test']);
    const posted = await owner.call('POST', `/me/listings/${id}/updates`, { title: 'We shipped', body: 'Details inside.' });
    expect(posted.body.followers_to_tell).toBe(3);

    // Batches of one with a pause between: the first mail lands, then the worker dies.
    for (;;) {
      if ((await mailsTo('f_@example.test')).length >= 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const first = workers[0];
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    expect((await mailsTo('f_@example.test')).length).toBeLessThan(3);

    await startWorkerProcess(app.env, workers);
    expect(await noticeResult(posted.body.id)).toEqual({ told: 3 });
    const mails = await mailsTo('f_@example.test');
    expect(mails.map((m) => m.recipient).sort()).toEqual(['f1@example.test', 'f2@example.test', 'f3@example.test']);
    expect(mails[0].subject).toBe('Product followed: We shipped');
    expect(mails[0].text_body).toContain(`${app.url}/listings/followed`);
  }, 60_000);

  it('tells only those who followed before the update, and a retried start mails nobody again', async () => {
    const id = await insertListing(em(), app.deps.site.id, { slug: 'later', ownerId: owner.id, status: 'live' });
    await addFollowers(id, ['early@example.test']);
    const posted = await owner.call('POST', `/me/listings/${id}/updates`, { title: 'Hello', body: 'World' });
    await em().execute(
      `with u as (insert into app_user (email) values ('late@example.test') returning id)
      insert into follow (listing_id, user_id) select ?, id from u`,
      [id],
    );
    expect(await noticeResult(posted.body.id)).toEqual({ told: 1 });
    await startUpdateNotice(app.deps.temporal, { id: posted.body.id, listingId: id, ownerId: owner.id });
    await app.deps.temporal.client.workflow.getHandle(workflowIds.listingUpdateNotice(posted.body.id)).result();
    expect((await mailsTo('early@example.test')).length).toBe(1);
    expect((await mailsTo('late@example.test')).length).toBe(0);
  }, 30_000);
});

describe('post_listing_update, at most UPDATE_MAILS_PER_LISTING_PER_DAY (1) updates of a listing mailed a day', () => {
  const dayMs = 24 * 3_600_000;
  const updatesOf = async (listingId: number) =>
    em().execute<{ title: string; followers_mailed: boolean }[]>(
      'select title, followers_mailed from listing_update where listing_id = ? order by id',
      [listingId],
    );

  it('mails the first; a second is stored and shown but not mailed, and the answer says so and from when', async () => {
    const id = await insertListing(em(), app.deps.site.id, { slug: 'chatty', ownerId: owner.id, status: 'live' });
    await addFollowers(id, ['c1@example.test', 'c2@example.test']);
    const first = await owner.call('POST', `/me/listings/${id}/updates`, { title: 'First news', body: 'One.' });
    expect(first.body).toMatchObject({ followers_mailed: true, followers_to_tell: 2, next_mail_at: null });
    const second = await owner.call('POST', `/me/listings/${id}/updates`, { title: 'Second news', body: 'Two.' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ title: 'Second news', followers_mailed: false, followers_to_tell: 0 });
    expect(Date.parse(second.body.next_mail_at)).toBe(Date.parse(first.body.posted_at) + dayMs);

    const profile = await request(`${app.api}/listings/chatty`);
    expect(profile.body.latest_updates.map((u: { title: string }) => u.title)).toEqual(['Second news', 'First news']);
    expect(await (await fetch(`${app.url}/updates`)).text()).toContain('Second news');

    expect(await noticeResult(first.body.id)).toEqual({ told: 2 });
    const secondNotice = app.deps.temporal.client.workflow.getHandle(workflowIds.listingUpdateNotice(second.body.id));
    await expect(secondNotice.describe()).rejects.toThrow();
    // A notice started by hand (Temporal UI or CLI) for the unmailed update mails nobody.
    await startUpdateNotice(app.deps.temporal, { id: second.body.id, listingId: id, ownerId: owner.id });
    expect(await noticeResult(second.body.id)).toEqual({ told: 0 });
    expect((await mailsTo('c_@example.test')).map((m) => m.subject)).toEqual([
      'Product chatty: First news',
      'Product chatty: First news',
    ]);
  }, 30_000);

  it('counts the last 24 hours: an update mailed more than a day ago leaves room for the next', async () => {
    const id = await insertListing(em(), app.deps.site.id, { slug: 'daily', ownerId: owner.id, status: 'live' });
    await em().execute(
      `insert into listing_update (listing_id, title, body, followers_mailed, created_at) values
        (?, 'Two days ago', 'Old.', true, now() - interval '49 hours'), (?, 'Yesterday', 'Old.', true, now() - interval '25 hours')`,
      [id, id],
    );
    const posted = await owner.call('POST', `/me/listings/${id}/updates`, { title: 'Today', body: 'New.' });
    expect(posted.body).toMatchObject({ followers_mailed: true, next_mail_at: null });
    expect(await noticeResult(posted.body.id)).toEqual({ told: 0 });
  });

  it('holds across api processes and concurrent posts: of 12 posts at once through two processes, one is mailed', async () => {
    const other = await startApiProcess(app.env, apis);
    const id = await insertListing(em(), app.deps.site.id, { slug: 'busy', ownerId: owner.id, status: 'live' });
    const { key } = await createApiKey(em(), owner.id, 'two processes');
    const bases = [app.api, other.api];
    const posts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        request(`${bases[i % 2]}/me/listings/${id}/updates`, {
          method: 'POST',
          json: { title: `Post ${i}`, body: 'Busy day.' },
          headers: { authorization: `Bearer ${key}` },
        }),
      ),
    );
    expect(posts.map((p) => p.status)).toEqual(Array(12).fill(201));
    expect(posts.filter((p) => p.body.followers_mailed)).toHaveLength(1);
    const stored = await updatesOf(id);
    expect(stored).toHaveLength(12);
    expect(stored.filter((u) => u.followers_mailed)).toHaveLength(1);
  }, 60_000);
});
