import { createDraft } from '../../src/services/drafts.js';
import { ensureUser } from '../../src/services/users.js';
import type { McpTestApp } from './support.js';

/**
 * Valid arguments for every tool whose call needs more than `{}`: a function may first create the
 * fixtures it needs. The parity test calls every registry tool with these (or `{}`), so an
 * operation added without a working example here fails that test. Tools that create or change
 * something carry an idempotency_key, so the REST call replays the tool's result.
 */
export type ToolExample = (app: McpTestApp) => Promise<Record<string, unknown>> | Record<string, unknown>;

/** A draft of the test principal's user, ready unless said otherwise. */
async function ownDraft(app: McpTestApp, status: 'crawling' | 'ready' = 'ready'): Promise<string> {
  const em = app.app.deps.orm.em.fork();
  const user = await ensureUser(em, 'owner@example.test');
  const draft = await createDraft(em, { siteId: app.app.deps.site.id, ownerId: user.id, url: 'https://example.test/' });
  await em.execute('update draft set status = ? where id = ?', [status, draft.id]);
  return draft.id;
}

export const toolExamples: Record<string, ToolExample> = {
  get_site_info: () => ({}),
  submit_listing: () => ({ url: 'https://example.test/', idempotency_key: 'mcp-example-submit-listing' }),
  list_my_drafts: () => ({ page: 1, per_page: 5 }),
  get_draft: async (app) => ({ id: await ownDraft(app, 'crawling') }),
  update_draft: async (app) => {
    const id = await ownDraft(app);
    return { id, fields: { name: 'Example', tagline: null }, lock_fields: ['name'], founders: [{ name: 'Ada' }], idempotency_key: `update-${id}` };
  },
  invite_cofounder: async (app) => {
    const id = await ownDraft(app);
    return { id, email: 'cofounder@example.test', idempotency_key: `invite-${id}` };
  },
  submit_draft: async (app) => {
    const id = await ownDraft(app);
    return { id, idempotency_key: `submit-${id}` };
  },
};
