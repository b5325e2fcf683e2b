import { regenerateDraftFields } from '../../src/drafts/lifecycle.js';
import { readyDraft, startDraftWorld, type DraftWorld } from './support.js';

/**
 * A regenerate request sent straight to the draft's workflow, as anyone with the Temporal UI or CLI
 * can send one: it redrafts only what the owner asked for through update_draft.
 */
let dw: DraftWorld;
beforeAll(async () => {
  dw = await startDraftWorld();
});
afterAll(() => dw.close());

describe('the draftBuild regenerate update sent by hand', () => {
  it("leaves the owner's edit alone, while the owner's own regenerate still redrafts it", async () => {
    const draft = await readyDraft(dw, 'static');
    const patch = (body: unknown) => dw.owner.call('PATCH', `/drafts/${draft.id}`, body);
    const edited = await patch({ fields: { tagline: 'Words of my own' } });
    expect(edited.body.fields.tagline).toMatchObject({ value: 'Words of my own', state: 'edited' });

    await regenerateDraftFields(dw.app.deps.temporal, dw.app.deps.config, { draftId: draft.id, ownerId: 1 }, ['tagline']);
    const after = await dw.owner.call('GET', `/drafts/${draft.id}`);
    expect(after.body.fields.tagline).toMatchObject({ value: 'Words of my own', state: 'edited' });

    const redrafted = await patch({ regenerate: ['tagline'] });
    expect(redrafted.body.fields.tagline).toEqual(draft.fields.tagline);
  });
});
