import type { ChildProcess } from 'node:child_process';
import { isoDate } from '../../src/domain/weeks.js';
import { workflowIds } from '../../src/domain/workflow-ids.js';
import { goLiveNowUpdate } from '../../workflows/listing-launch.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { runCli as cli } from '../support/cli.js';
import { WebClient } from '../support/web-client.js';
import { startWorkerProcess } from '../support/worker-process.js';
import { addListing, addUser, sql, weeksFromNow } from '../catalogue/fixtures.js';
import { waitFor } from '../support/until.js';

const followers = 5;
let app: TestApp;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  // Batches of two with a pause long enough to kill the worker between them.
  app = await startTestApp({ worker: false, env: { FOLLOWER_MAIL_BATCH_SIZE: '2', FOLLOWER_MAIL_BATCH_PAUSE_MS: '4000' } });
});
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await app?.close();
});

const status = async (slug: string) =>
  (await sql<{ status: string }>(app, 'select status from listing where slug = ?', [slug]))[0].status;

const launchMails = (slug: string) =>
  sql<{ recipient: string }>(app, `select recipient from mail_outbox where subject = ? order by id`, [
    `${slug} has launched on Launch Directory`,
  ]);

/** A listing with an owner, scheduled by a paid launch two weeks ahead (its workflow waits for that Monday). */
async function scheduled(slug: string): Promise<void> {
  const owner = await addUser(app, `owner-${slug}@example.test`);
  await addListing(app, { slug, name: slug, status: 'draft', owner });
  const launched = await cli(app, 'listing', 'launch', slug, '--week', isoDate(weeksFromNow(2)));
  expect(launched.stderr).toBe('');
  await waitFor(async () => (await status(slug)) === 'scheduled', 60_000);
}

describe('notify me at launch', () => {
  it('mails each follower of an upcoming listing once when support moves it live, even when the worker dies between batches', async () => {
    let worker = await startWorkerProcess(app.env, workers);
    await scheduled('soon');

    const fan = new WebClient(app.url);
    await fan.signIn(app, 'fan@example.test');
    const page = await fan.get('/listings/soon');
    expect(page.html).toContain('<span class="label">Notify me at launch</span>');
    await fan.submit(page, '/listings/soon/follow');
    for (let i = 1; i < followers; i++) {
      const id = await addUser(app, `follower${i}@example.test`);
      await sql(app, `insert into follow (listing_id, user_id) select id, ? from listing where slug = 'soon'`, [id]);
    }

    const live = await cli(app, 'listing', 'go-live', 'soon');
    expect(live.stderr).toBe('');
    expect(live.stdout).toContain('soon is live now');
    await waitFor(async () => (await launchMails('soon')).length >= 2, 60_000);
    // Killed during the pause after the first batch: the rest is mailed by the next worker, nobody twice.
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker.once('exit', resolve));
    expect(await launchMails('soon')).toHaveLength(2);
    worker = await startWorkerProcess(app.env, workers);
    await waitFor(async () => (await launchMails('soon')).length >= followers, 60_000);

    const result = await app.deps.temporal.client.workflow.getHandle(workflowIds.listingLaunch(await listingId('soon'))).result();
    expect(result).toBe('live');
    expect(await status('soon')).toBe('live');
    const recipients = (await launchMails('soon')).map((m) => m.recipient).sort();
    expect(recipients).toEqual(
      ['fan@example.test', ...Array.from({ length: followers - 1 }, (_, i) => `follower${i + 1}@example.test`)].sort(),
    );
    expect((await fan.get('/listings/soon')).html).toContain('<span class="label">Following</span>');

    // Going live again is refused: the listing is not scheduled any more.
    const again = await cli(app, 'listing', 'go-live', 'soon');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('soon is live, not scheduled');
    expect(await launchMails('soon')).toHaveLength(followers);
  }, 120_000);

  it('refuses a go-live update that PostgreSQL does not back: sent by hand, or for a listing not scheduled', async () => {
    await startWorkerProcess(app.env, workers);
    await scheduled('held');
    const handle = app.deps.temporal.client.workflow.getHandle(workflowIds.listingLaunch(await listingId('held')));
    const refusal = async () =>
      ((await handle.executeUpdate(goLiveNowUpdate).catch((error: Error) => error)) as Error & { cause?: Error }).cause?.message;
    // Sent by hand (anyone with the Temporal UI can), without the move the CLI records first.
    expect(await refusal()).toBe('The listing is not scheduled in a week that has begun.');
    expect(await status('held')).toBe('scheduled');
    await sql(app, `update listing set status = 'archived' where slug = 'held'`);
    expect(await refusal()).toBe('The listing is not scheduled in a week that has begun.');
    expect(await status('held')).toBe('archived');
    const refused = await cli(app, 'listing', 'go-live', 'held');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('held is archived, not scheduled');
  }, 60_000);
});

async function listingId(slug: string): Promise<number> {
  return (await sql<{ id: number }>(app, 'select id from listing where slug = ?', [slug]))[0].id;
}
