import type { Env } from '../../src/config.js';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { ensureUser } from '../../src/accounts/users.js';
import { startTestApp, type TestApp, type TestAppOptions } from '../support/app.js';
import { startCrawlWorld, type CrawlWorld } from '../support/crawl-world.js';
import { request, type JsonResponse } from '../support/http.js';

/** Category names of the test catalogue; the drafter maps onto these. */
export const testCategories = ['Finance', 'Invoicing', 'Developer Tools', 'Productivity', 'Writing', 'Logistics'];

export interface DraftWorld {
  app: TestApp;
  world: CrawlWorld;
  /** A signed-in owner: calls the REST API with an API key. */
  owner: Caller;
  /** Another user, to check that drafts are private. */
  stranger: Caller;
  close(): Promise<void>;
}

export interface Caller {
  email: string;
  call<T = any>(method: string, path: string, json?: unknown, headers?: Record<string, string>): Promise<JsonResponse<T>>;
}

/** The app with its worker, the test websites and DNS on loopback, a catalogue and two users with API keys. */
export async function startDraftWorld(
  options: { env?: Partial<Record<keyof Env, string>>; worker?: boolean; sites?: Parameters<typeof startCrawlWorld>[0] } = {},
): Promise<DraftWorld> {
  const world = await startCrawlWorld(options.sites);
  const appOptions: TestAppOptions = {
    worker: options.worker,
    env: {
      CRAWL_ALLOW_LOOPBACK: 'true',
      CRAWL_DNS_SERVER: world.dns.server,
      CRAWL_REQUEST_TIMEOUT_MS: '5000',
      CRAWL_BROWSER: 'off',
      ...options.env,
    },
  };
  const app = await startTestApp(appOptions);
  const em = app.deps.orm.em.fork();
  for (const [i, name] of testCategories.entries()) {
    await em.execute(`insert into category (site_id, slug, name) values (?, ?, ?)`, [app.deps.site.id, `cat-${i}`, name]);
  }
  const callerFor = async (email: string): Promise<Caller> => {
    const { key } = await createApiKey(em, (await ensureUser(em, email)).id, 'tests');
    return {
      email,
      call: (method, path, json, headers = {}) =>
        request(`${app.api}${path}`, { method, json, headers: { authorization: `Bearer ${key}`, ...headers } }),
    };
  };
  const owner = await callerFor('founder@example.test');
  const stranger = await callerFor('stranger@example.test');
  return {
    app,
    world,
    owner,
    stranger,
    async close() {
      await app.close();
      await world.close();
    },
  };
}

/** Polls get_draft like a client would, until the draft leaves crawling/drafting. */
export async function waitUntilSettled(caller: Caller, id: string, timeoutMs = 45_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await caller.call('GET', `/drafts/${id}`);
    if (res.status !== 200) throw new Error(`get_draft answered ${res.status}: ${res.text}`);
    if (res.body.status === 'ready' || res.body.status === 'failed') return res.body;
    if (Date.now() > until) throw new Error(`draft still ${res.body.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Submits a site (on a domain of its own, so the draft is a new one) and waits for its draft to be ready. */
export async function readyDraft(dw: DraftWorld, site = 'static'): Promise<any> {
  const created = await dw.owner.call('POST', '/drafts', { url: dw.world.freshUrlOf(site) });
  if (created.status !== 201) throw new Error(`submit_listing answered ${created.status}: ${created.text}`);
  const draft = await waitUntilSettled(dw.owner, created.body.id);
  if (draft.status !== 'ready') throw new Error(`draft ${draft.status}: ${JSON.stringify(draft.failure)}`);
  return draft;
}
