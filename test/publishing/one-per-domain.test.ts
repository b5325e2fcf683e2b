import { WorkflowFailedError } from '@temporalio/client';
import { isoDate, mondayOf, addWeeks } from '../../src/domain/weeks.js';
import { startPaidLaunch } from '../../src/publishing/lifecycle.js';
import { goLive, scheduleLaunch } from '../../src/publishing/launch-steps.js';
import { grantPaidLaunch } from '../../src/publishing/paid-launch.js';
import { workflowIds } from '../../src/domain/workflow-ids.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertListing, ownerWithKey, type Owner } from '../listings/support.js';

/**
 * One public listing per registrable domain, at every move that makes a listing public: a
 * listing left on a domain that another listing holds (a draft whose listing was claimed away and
 * submitted again on the old code, say) never becomes public beside it.
 */
let app: TestApp;
let owner: Owner;
let stranger: Owner;
let domains = 0;

beforeAll(async () => {
  app = await startTestApp();
  owner = await ownerWithKey(app, 'second@example.test');
  stranger = await ownerWithKey(app, 'claimer@example.test');
});
afterAll(() => app?.close());

const em = () => app.deps.orm.em.fork();
const publicUrl = () => app.deps.config.publicUrl;

async function listingOn(slug: string, host: string, ownerId: number, status: string, week?: string): Promise<number> {
  const id = await insertListing(em(), app.deps.site.id, { slug, ownerId, status });
  await em().execute('update listing set website_url = ?, domain = ?, launch_week = ?::date where id = ?', [
    `https://${host}/`,
    host,
    week ?? null,
    id,
  ]);
  return id;
}

/** The claimer's live listing on a fresh domain, and the owner's second listing on a subdomain of it in `status`. */
async function heldDomain(status: string, week?: string): Promise<{ held: string; second: number }> {
  const n = ++domains;
  await listingOn(`held-${n}`, `held${n}.test`, stranger.id, 'live');
  return { held: `held-${n}`, second: await listingOn(`second-${n}`, `www.held${n}.test`, owner.id, status, week) };
}

const statusOf = async (id: number) =>
  (await em().execute<{ status: string }[]>('select status from listing where id = ?', [id]))[0].status;

const alreadyListed = (held: string) => ({
  code: 'already_listed',
  meta: { listing: { slug: held, claim_url: `${publicUrl()}/listings/${held}/claim` } },
});

describe('going public on a domain another listing holds', () => {
  it('choose_free_listing answers 409 already_listed naming the listing and its claim link', async () => {
    const { held, second } = await heldDomain('draft');
    const res = await owner.call('POST', `/me/listings/${second}/free`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'already_listed',
      errors: [{ path: 'path.listing_id', message: expect.stringContaining(`${publicUrl()}/listings/${held}/claim`) }],
      listing: { slug: held },
    });
    expect(await statusOf(second)).toBe('draft');
  });

  it('a paid launch, now or for a later week, is refused by the launch step and the listing stays unpublished', async () => {
    const { held, second } = await heldDomain('draft');
    const later = isoDate(addWeeks(mondayOf(new Date()), 2));
    await expect(scheduleLaunch(em(), publicUrl(), { listingId: second, plan: 'paid', week: later })).rejects.toMatchObject(
      alreadyListed(held),
    );
    await expect(goLive(em(), app.deps.mailer, publicUrl(), { listingId: second, plan: 'paid' })).rejects.toMatchObject(
      alreadyListed(held),
    );
    expect(await statusOf(second)).toBe('draft');
  });

  it('a free launch whose gates hold is neither scheduled nor made live', async () => {
    const later = isoDate(addWeeks(mondayOf(new Date()), 3));
    const queued = await heldDomain('awaiting_badge', later);
    await expect(
      scheduleLaunch(em(), publicUrl(), { listingId: queued.second, plan: 'free', week: later }),
    ).rejects.toMatchObject(alreadyListed(queued.held));
    expect(await statusOf(queued.second)).toBe('awaiting_badge');

    const inItsWeek = await heldDomain('awaiting_badge', isoDate(mondayOf(new Date())));
    await expect(goLive(em(), app.deps.mailer, publicUrl(), { listingId: inItsWeek.second, plan: 'free' })).rejects.toMatchObject(
      alreadyListed(inItsWeek.held),
    );
    expect(await statusOf(inItsWeek.second)).toBe('awaiting_badge');
  });

  it('a scheduled listing does not go live in its week beside another public listing of its domain', async () => {
    const { held, second } = await heldDomain('scheduled', isoDate(mondayOf(new Date())));
    await expect(goLive(em(), app.deps.mailer, publicUrl(), { listingId: second, plan: 'free' })).rejects.toMatchObject(
      alreadyListed(held),
    );
    expect(await statusOf(second)).toBe('scheduled');
  });

  it("the listingLaunch workflow's paid go-live ends refused with already_listed, the listing still a draft", async () => {
    const { second } = await heldDomain('draft');
    await grantPaidLaunch(em(), second, null);
    await startPaidLaunch(app.deps.temporal, { listingId: second, ownerId: owner.id, week: null });
    const run = app.deps.temporal.client.workflow.getHandle(workflowIds.listingLaunch(second));
    const failure = await run.result().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(WorkflowFailedError);
    expect((failure as WorkflowFailedError).cause?.cause).toMatchObject({ type: 'already_listed' });
    expect(await statusOf(second)).toBe('draft');
  });

  it('two listings of one domain going live at the same moment: one goes live, the other is refused', async () => {
    for (let round = 0; round < 10; round++) {
      const host = `race${round}.test`;
      const a = await listingOn(`race-${round}-a`, host, owner.id, 'draft');
      const b = await listingOn(`race-${round}-b`, `app.${host}`, stranger.id, 'draft');
      const results = await Promise.allSettled(
        [a, b].map((listingId) => goLive(em(), app.deps.mailer, publicUrl(), { listingId, plan: 'paid' })),
      );
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'already_listed' } });
      expect([await statusOf(a), await statusOf(b)].sort()).toEqual(['draft', 'live']);
    }
  });
});
