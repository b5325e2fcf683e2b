import { createDraft } from '../../src/drafts/drafts.js';
import { workflowIds } from '../../src/domain/workflow-ids.js';
import { startDraftWorld, waitUntilSettled, type DraftWorld } from './support.js';

/**
 * A submit_listing whose api process died after committing the draft and before starting its
 * build leaves a crawling draft that nothing builds. The client's retry is answered that draft
 * (the caller's open draft of the domain): the retry must also start its build.
 */
let dw: DraftWorld;
beforeAll(async () => {
  dw = await startDraftWorld();
});
afterAll(() => dw.close());

it('starts the build of a crawling draft that has none when the submit is retried', async () => {
  const url = dw.world.freshUrlOf('static');
  const em = dw.app.deps.orm.em.fork();
  const [{ id: ownerId }] = await em.execute<{ id: number }[]>('select id from app_user where email = ?', [dw.owner.email]);
  // As the dead request left it: the draft committed, no build started.
  const orphan = await createDraft(em, { siteId: dw.app.deps.site.id, ownerId, url });
  const client = dw.app.deps.temporal.client;
  await expect(client.workflow.getHandle(workflowIds.draftBuild(orphan.id)).describe()).rejects.toThrow(/not found/i);

  const retry = await dw.owner.call('POST', '/drafts', { url });
  expect(retry.status).toBe(200);
  expect(retry.body).toMatchObject({ id: orphan.id, status: 'crawling' });
  expect((await waitUntilSettled(dw.owner, orphan.id)).status).toBe('ready');

  // Retried again once built, it starts nothing more.
  const build = client.workflow.getHandle(workflowIds.draftBuild(orphan.id));
  const { runId } = await build.describe();
  const again = await dw.owner.call('POST', '/drafts', { url });
  expect(again.body).toMatchObject({ id: orphan.id, status: 'ready' });
  expect((await build.describe()).runId).toBe(runId);
});
