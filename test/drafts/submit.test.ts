import { readyDraft, startDraftWorld, type DraftWorld } from './support.js';

let dw: DraftWorld;
beforeAll(async () => {
  dw = await startDraftWorld();
});
afterAll(() => dw.close());

const listingRow = async (id: number) => {
  const [row] = await dw.app.deps.orm.em.fork().execute('select * from listing where id = ?', [id]);
  return row;
};

describe('submit_draft', () => {
  it("saves a ready draft as the caller's listing in status draft; again after edits updates the same listing", async () => {
    const draft = await readyDraft(dw, 'static');
    const first = await dw.owner.call('POST', `/drafts/${draft.id}/submit`);
    expect(first.status).toBe(200);
    expect(first.body.listing_id).toEqual(expect.any(Number));
    expect(first.body.listing).toMatchObject({ id: first.body.listing_id, slug: 'tallyfox', status: 'draft' });
    expect(first.body.draft.listing_id).toBe(first.body.listing_id);
    const row = await listingRow(first.body.listing_id);
    expect(row).toMatchObject({ name: 'Tallyfox', status: 'draft', site_id: dw.app.deps.site.id });

    await dw.owner.call('PATCH', `/drafts/${draft.id}`, { fields: { name: 'Tallyfox Pro' } });
    expect((await listingRow(first.body.listing_id)).name).toBe('Tallyfox Pro');

    const again = await dw.owner.call('POST', `/drafts/${draft.id}/submit`);
    expect(again.body.listing_id).toBe(first.body.listing_id);
    const count = await dw.app.deps.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from listing where owner_id = ?', [row.owner_id]);
    expect(Number(count[0].n)).toBe(1);
    expect((await dw.owner.call('GET', `/drafts/${draft.id}`)).body.listing_id).toBe(first.body.listing_id);
  });

  it('gives a second listing of the same name its own slug', async () => {
    const draft = await readyDraft(dw, 'static');
    const res = await dw.owner.call('POST', `/drafts/${draft.id}/submit`);
    expect(res.body.listing.slug).toBe('tallyfox-2');
  });

  it("is 404 for another user's draft", async () => {
    const draft = await readyDraft(dw, 'jsonld');
    const res = await dw.stranger.call('POST', `/drafts/${draft.id}/submit`);
    expect(res.status).toBe(404);
    expect((await dw.owner.call('GET', `/drafts/${draft.id}`)).body.listing_id).toBeNull();
  });
});
