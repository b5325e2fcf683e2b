import { corpusDir } from '../support/corpus.js';
import { readyDraft, startDraftWorld, type DraftWorld } from './support.js';

let dw: DraftWorld;
beforeAll(async () => {
  dw = await startDraftWorld({ sites: { root: corpusDir, siteNames: ['harborly'] } });
});
afterAll(() => dw?.close());

describe('draft build', () => {
  it('keeps the founders a team page names, each fact found on that page', async () => {
    const draft = await readyDraft(dw, 'harborly');
    expect(draft.founders.map((f: { name: string; title?: string }) => [f.name, f.title])).toEqual([
      ['Maya Lindqvist', 'Co-founder & CEO'],
      ['Tomás Ortega', 'Co-founder & CTO'],
    ]);
  });
});
