import type { TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { insertListing, startOwnerApp, type Owner } from './support.js';

/** The paid-only sections an owner writes: milestones and the founder story, public once unlocked. */

let app: TestApp;
let owner: Owner;
let stranger: Owner;
let liveId: number;

const em = () => app.deps.orm.em.fork();
const publicProfile = (slug: string) => request(`${app.api}/listings/${slug}`);

beforeAll(async () => {
  ({ app, owner, stranger, liveId } = await startOwnerApp());
});
afterAll(() => app.close());

describe('milestones', () => {
  let unlockedId: number;
  beforeAll(async () => {
    unlockedId = await insertListing(em(), app.deps.site.id, {
      slug: 'milestoned',
      ownerId: owner.id,
      status: 'live',
      unlocked: ['milestones'],
    });
  });

  it('add_milestone answers 201 with an integer id; public only when the section is unlocked', async () => {
    const added = await owner.call('POST', `/me/listings/${unlockedId}/milestones`, {
      date: '2025-06-01',
      title: 'First 100 customers',
      description: 'A good day.',
      url: 'https://milestoned.example/100',
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(Number),
      date: '2025-06-01',
      title: 'First 100 customers',
      description: 'A good day.',
      url: 'https://milestoned.example/100',
    });
    expect((await publicProfile('milestoned')).body.milestones).toEqual([added.body]);

    const locked = await owner.call('POST', `/me/listings/${liveId}/milestones`, { date: '2025-06-01', title: 'Quiet' });
    expect(locked.status).toBe(201);
    expect((await publicProfile('livewire')).body.milestones).toBeUndefined();
    expect((await owner.call('GET', `/me/listings/${liveId}`)).body.milestones).toEqual([locked.body]);
  });

  it('refuses out-of-bound milestones with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'No date' }, 'body.date'],
      [{ date: '2025-02-30', title: 'Bad date' }, 'body.date'],
      [{ date: '2025-01-01' }, 'body.title'],
      [{ date: '2025-01-01', title: 'x'.repeat(201) }, 'body.title'],
      [{ date: '2025-01-01', title: 't', description: 'x'.repeat(2001) }, 'body.description'],
      [{ date: '2025-01-01', title: 't', url: 'http://plain.example/' }, 'body.url'],
      [{ date: '2025-01-01', title: 't', url: `https://x.example/${'x'.repeat(490)}` }, 'body.url'],
      [{ date: '2025-01-01', title: 't', extra: true }, 'body.extra'],
    ];
    for (const [body, path] of cases) {
      const res = await owner.call('POST', `/me/listings/${unlockedId}/milestones`, body);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.errors.map((e: any) => e.path)).toContain(path);
    }
  });

  it("delete_milestone answers 200 once, then 404; another listing's or owner's milestone is 404", async () => {
    const added = (await owner.call('POST', `/me/listings/${unlockedId}/milestones`, { date: '2025-07-01', title: 'Gone soon' }))
      .body;
    expect((await owner.call('DELETE', `/me/listings/${liveId}/milestones/${added.id}`)).status).toBe(404);
    expect((await stranger.call('DELETE', `/me/listings/${unlockedId}/milestones/${added.id}`)).status).toBe(404);
    const deleted = await owner.call('DELETE', `/me/listings/${unlockedId}/milestones/${added.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: added.id, listing_id: unlockedId, deleted: true });
    expect((await owner.call('DELETE', `/me/listings/${unlockedId}/milestones/${added.id}`)).status).toBe(404);
    expect(
      (await stranger.call('POST', `/me/listings/${unlockedId}/milestones`, { date: '2025-01-01', title: 't' })).status,
    ).toBe(404);
  });
});

describe('set_founder_story', () => {
  it('changes only the sent sections, and is public when the story section is unlocked', async () => {
    const id = await insertListing(em(), app.deps.site.id, { slug: 'storied', ownerId: owner.id, status: 'live', plan: 'paid' });
    const first = await owner.call('PUT', `/me/listings/${id}/story`, { title: 'How we began', problem: 'Invoices were slow.' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      listing_id: id,
      public: true,
      story: { sections: { title: 'How we began', problem: 'Invoices were slow.' } },
    });
    const second = await owner.call('PUT', `/me/listings/${id}/story`, { journey: 'Two years.', problem: '' });
    expect(second.body.story.sections).toEqual({ title: 'How we began', journey: 'Two years.' });
    expect((await publicProfile('storied')).body.story.sections).toEqual({ title: 'How we began', journey: 'Two years.' });

    const hidden = await owner.call('PUT', `/me/listings/${liveId}/story`, { title: 'Free listing story' });
    expect(hidden.body.public).toBe(false);
    expect((await publicProfile('livewire')).body.story).toBeUndefined();
  });

  it('refuses a title over 200, a section over 8000 and unknown sections; 404 for another owner', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x'.repeat(201) }, 'body.title'],
      [{ lessons: 'x'.repeat(8001) }, 'body.lessons'],
      [{ chapter: 'x' }, 'body.chapter'],
    ];
    for (const [body, path] of cases) {
      const res = await owner.call('PUT', `/me/listings/${liveId}/story`, body);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.errors.map((e: any) => e.path)).toContain(path);
    }
    expect(
      (await owner.call('PUT', `/me/listings/${liveId}/story`, { title: 'x'.repeat(200), story: 'y'.repeat(8000) })).status,
    ).toBe(200);
    expect((await stranger.call('PUT', `/me/listings/${liveId}/story`, { title: 'Mine now' })).status).toBe(404);
  });
});
