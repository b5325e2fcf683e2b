import { workflowIds } from '../../src/domain/workflow-ids.js';
import { draftIdAttribute, draftStatusAttribute, ownerIdAttribute } from '../../src/domain/search-attributes.js';
import { readyDraft, startDraftWorld, type DraftWorld } from './support.js';
import { waitFor } from '../support/until.js';

let dw: DraftWorld;
beforeAll(async () => {
  dw = await startDraftWorld({ env: { DRAFT_IDLE_SECONDS: '1' } });
});
afterAll(() => dw.close());

async function runsOf(workflowId: string): Promise<{ runId: string; status: string }[]> {
  const runs: { runId: string; status: string }[] = [];
  for await (const run of dw.app.deps.temporal.client.workflow.list({ query: `WorkflowId = '${workflowId}'` }))
    runs.push({ runId: run.runId, status: run.status.name });
  return runs;
}

describe('draftBuild workflow', () => {
  it('completes after its idle period; a later regenerate opens one serving run, shared by concurrent requests', async () => {
    const draft = await readyDraft(dw, 'static');
    const workflowId = workflowIds.draftBuild(draft.id);
    const handle = dw.app.deps.temporal.client.workflow.getHandle(workflowId);
    await expect(handle.result()).resolves.toEqual({ status: 'ready', regenerations: 0 });

    await dw.owner.call('PATCH', `/drafts/${draft.id}`, { fields: { city: 'Porto', tagline: 'Mine' } });
    const [a, b] = await Promise.all([
      dw.owner.call('PATCH', `/drafts/${draft.id}`, { regenerate: ['city'] }),
      dw.owner.call('PATCH', `/drafts/${draft.id}`, { regenerate: ['tagline'] }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const after = await dw.owner.call('GET', `/drafts/${draft.id}`);
    expect(after.body.fields.city).toEqual(draft.fields.city);
    expect(after.body.fields.tagline).toEqual(draft.fields.tagline);

    await waitFor(async () => (await runsOf(workflowId)).length === 2, 20_000);
    const serving = dw.app.deps.temporal.client.workflow.getHandle(workflowId);
    await expect(serving.result()).resolves.toEqual({ status: 'ready', regenerations: 2 });
    expect(await runsOf(workflowId)).toHaveLength(2);
  });

  it('shows operators the draft id, its owner and its status as search attributes they can filter by', async () => {
    const draft = await readyDraft(dw, 'static');
    const workflowId = workflowIds.draftBuild(draft.id);
    const { client } = dw.app.deps.temporal;
    const handle = client.workflow.getHandle(workflowId);
    // The workflow mirrors the status the activities write, one workflow task after them.
    await waitFor(async () => (await handle.describe()).typedSearchAttributes.get(draftStatusAttribute) === 'ready', 20_000);
    const attributes = (await handle.describe()).typedSearchAttributes;
    const [owner] = await dw.app.deps.orm.em
      .fork()
      .getConnection()
      .execute<{ owner_id: number }[]>('select owner_id from draft where id = ?', [draft.id]);
    expect(attributes.get(draftIdAttribute)).toBe(draft.id);
    expect(attributes.get(ownerIdAttribute)).toBe(owner.owner_id);

    const query = `DraftId = '${draft.id}' AND DraftStatus = 'ready' AND OwnerId = ${owner.owner_id}`;
    await waitFor(async () => {
      for await (const run of client.workflow.list({ query })) if (run.workflowId === workflowId) return true;
      return false;
    }, 20_000);
  });
});
