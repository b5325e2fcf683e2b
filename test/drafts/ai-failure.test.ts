import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { startDraftWorld, waitUntilSettled, type DraftWorld } from './support.js';

let dw: DraftWorld;
let ai: FakeOpenAi;
beforeAll(async () => {
  ai = await startFakeOpenAi();
  dw = await startDraftWorld({ env: { AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'test-key', AI_TIMEOUT_MS: '2000' } });
});
afterAll(async () => {
  await dw.close();
  await ai.close();
});

describe('submit_listing with a drafting endpoint that keeps failing', () => {
  it('retries, then ends in failed with reason drafting_failed instead of blank fields', async () => {
    ai.answerWith({}, 503);
    const created = await dw.owner.call('POST', '/drafts', { url: dw.world.urlOf('static') });
    const draft = await waitUntilSettled(dw.owner, created.body.id, 60_000);
    expect(draft.status).toBe('failed');
    expect(draft.failure).toEqual({ reason: 'drafting_failed', message: expect.stringContaining('Drafting failed') });
    expect(draft.progress.pages_fetched).toBeGreaterThan(1);
    // Three activity attempts, each a completion request the client may retry once.
    expect(ai.requests.length).toBeGreaterThanOrEqual(3);
  });
});
