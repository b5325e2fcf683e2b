import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { addWeeks, isoDate, mondayOf } from '../../src/domain/weeks.js';
import { weeklyAwards } from '../../workflows/weekly-awards.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { runCli } from '../support/cli.js';
import { request } from '../support/http.js';
import { insertListing, ownerWithKey, type Owner } from '../listings/support.js';

let app: TestApp;
let owner: Owner;
const em = (): EntityManager => app.deps.orm.em.fork();
const lastMonday = addWeeks(mondayOf(new Date()), -1);
const lastWeek = isoDate(lastMonday);
const hour = 3_600_000;
const inLastWeek = (hours: number) => new Date(lastMonday.getTime() + hours * hour).toISOString();

/** A listing launched last week, `hours` after its Monday, with `votes` cast during the week. */
async function launchedLastWeek(slug: string, hours: number, votes: number): Promise<number> {
  const id = await insertListing(em(), app.deps.site.id, { slug, ownerId: owner.id, status: 'live' });
  await em().execute('update listing set launch_week = ?, launched_at = ? where id = ?', [lastWeek, inLastWeek(hours), id]);
  await vote(id, votes, inLastWeek(hours + 1));
  return id;
}

async function vote(listingId: number, count: number, at: string): Promise<void> {
  for (let i = 0; i < count; i++) {
    await em().execute(
      // Voters with accounts a month old: the vote rules would discount votes of brand-new accounts.
      `with u as (insert into app_user (email, created_at) values (?, ?::timestamptz - interval '30 days') returning id)
       insert into vote (listing_id, user_id, created_at) select ?, id, ? from u`,
      [`voter-${randomUUID()}@example.test`, at, listingId, at],
    );
  }
}

const winners = async () =>
  (await request(`${app.api}/awards?per_page=100`)).body.items
    .filter((a: any) => a.week === lastWeek)
    .map((a: any) => [a.rank, a.listing.slug, a.votes]);

const awardMails = () =>
  em().execute<{ subject: string }[]>(`select subject from mail_outbox where subject like '%Launch of the Week%' order by id`);

beforeAll(async () => {
  app = await startTestApp();
  owner = await ownerWithKey(app, 'winner@example.test');
  await launchedLastWeek('most-voted', 30, 3);
  await launchedLastWeek('early-tie', 2, 2);
  await launchedLastWeek('late-tie', 50, 2);
  const fourth = await launchedLastWeek('fourth', 10, 1);
  // Votes cast after the week ended never count for it.
  await vote(fourth, 5, new Date(lastMonday.getTime() + 8 * 24 * hour).toISOString());
});

afterAll(() => app?.close());

describe('weekly awards', () => {
  it('the weeklyAwards workflow writes Launch of the Week #1-#3 by votes in the week, ties to the earlier launch, and mails each winner', async () => {
    const result = await app.deps.temporal.client.workflow.execute(weeklyAwards, {
      taskQueue: app.taskQueue,
      workflowId: `weekly-awards-test-${randomUUID()}`,
    });
    expect(result).toEqual({ week: lastWeek, written: 3, mailed: 3 });
    expect(await winners()).toEqual([
      [1, 'most-voted', 3],
      [2, 'early-tie', 2],
      [3, 'late-tie', 2],
    ]);
    expect((await awardMails()).map((m) => m.subject)).toEqual([
      'Product most-voted is Launch of the Week #1 on Launch Directory',
      'Product early-tie is Launch of the Week #2 on Launch Directory',
      'Product late-tie is Launch of the Week #3 on Launch Directory',
    ]);
    const profile = (await request(`${app.api}/listings/early-tie`)).body;
    expect(profile.awards).toEqual([{ title: 'Launch of the Week #2', week: lastWeek, rank: 2 }]);
  });

  it('running it again, even after more votes, writes nothing new and mails nobody twice', async () => {
    const fourth = (await em().execute<{ id: number }[]>(`select id from listing where slug = 'fourth'`))[0].id;
    await vote(fourth, 10, new Date().toISOString());
    const again = await runCli(app, 'awards', 'compute', '--week', lastWeek);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('has its awards already');
    expect(await winners()).toEqual([
      [1, 'most-voted', 3],
      [2, 'early-tie', 2],
      [3, 'late-tie', 2],
    ]);
    expect(await awardMails()).toHaveLength(3);
  });

  it('the operator command refuses a week that has not ended', async () => {
    const now = await runCli(app, 'awards', 'compute', '--week', isoDate(mondayOf(new Date())));
    expect(now.status).toBe(1);
    expect(now.stderr).toContain('has not ended yet');
  });
});
