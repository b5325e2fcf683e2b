import { Listing } from '../../src/entities/listing.js';
import { statusAfter } from '../../src/listings/status.js';
import { listingUnitOfWork } from '../../src/listings/unit-of-work.js';
import { startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: false });
});
afterAll(() => app.close());

const row = async (id: number) => {
  const [found] = await app.deps.orm.em
    .fork()
    .execute<{ tagline: string; version: number }[]>('select tagline, version from listing where id = ?', [id]);
  return found;
};

describe('listing writes', () => {
  it('refuse a write to a listing another writer changed since it was loaded: 409 conflict, nothing lost', async () => {
    const em = app.deps.orm.em.fork();
    const [{ id }] = await em.execute<{ id: number }[]>(
      `insert into listing (site_id, slug, name, status) values (?, 'one', 'One', 'draft') returning id`,
      [app.deps.site.id],
    );
    const stale = listingUnitOfWork(em, async (tx) => {
      const listing = await tx.findOneOrFail(Listing, id);
      await app.deps.orm.em.fork().execute(`update listing set tagline = 'theirs', version = version + 1 where id = ?`, [id]);
      listing.tagline = 'mine';
    });
    await expect(stale).rejects.toMatchObject({ code: 'conflict', status: 409 });
    expect(await row(id)).toEqual({ tagline: 'theirs', version: 2 });

    await listingUnitOfWork(em, async (tx) => {
      (await tx.findOneOrFail(Listing, id)).tagline = 'mine';
    });
    expect(await row(id)).toEqual({ tagline: 'mine', version: 3 });
  });

  it('change a status only by a legal move; an illegal one is a 409 conflict with the reason', () => {
    expect(statusAfter(null, 'submit')).toBe('draft');
    expect(statusAfter('draft', 'choose_free')).toBe('awaiting_badge');
    let refusal: unknown;
    try {
      statusAfter('live', 'choose_free');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({
      code: 'conflict',
      status: 409,
      message: 'The listing is live: it can be queued for a free launch only when it is draft.',
    });
  });
});
