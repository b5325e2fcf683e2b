import type { EntityManager } from '@mikro-orm/postgresql';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { ensureUser } from '../../src/accounts/users.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request, type JsonResponse } from '../support/http.js';

/** A person with an API key, calling the REST API. */
export interface Owner {
  id: number;
  email: string;
  call<T = any>(method: string, path: string, json?: unknown, headers?: Record<string, string>): Promise<JsonResponse<T>>;
}

export async function ownerWithKey(app: TestApp, email: string): Promise<Owner> {
  const em = app.deps.orm.em.fork();
  const user = await ensureUser(em, email);
  const { key } = await createApiKey(em, user.id, 'tests');
  return {
    id: user.id,
    email,
    call: (method, path, json, headers = {}) =>
      request(`${app.api}${path}`, { method, json, headers: { authorization: `Bearer ${key}`, ...headers } }),
  };
}

export interface ListingSeed {
  slug: string;
  ownerId: number | null;
  status?: string;
  plan?: 'free' | 'paid';
  unlocked?: string[];
  siteId?: number;
  companyId?: number | null;
}

/** A listing row as a submit or a launch would leave it, written directly: these tests are about what comes after. */
export async function insertListing(em: EntityManager, siteId: number, seed: ListingSeed): Promise<number> {
  const [{ id }] = await em.execute<{ id: number }[]>(
    `insert into listing (site_id, slug, name, owner_id, status, plan, tagline, short_description, description, website_url, domain,
       unlocked_sections, company_id, launched_at)
     values (?, ?, ?, ?, ?, ?, 'A tagline', 'Short.', 'What it does.', ?, ?, ?::text[], ?, case when ? = 'live' then now() end) returning id`,
    [
      seed.siteId ?? siteId,
      seed.slug,
      `Product ${seed.slug}`,
      seed.ownerId,
      seed.status ?? 'draft',
      seed.plan ?? 'free',
      `https://${seed.slug}.example`,
      `${seed.slug}.example`,
      `{${(seed.unlocked ?? []).join(',')}}`,
      seed.companyId ?? null,
      seed.status ?? 'draft',
    ],
  );
  return id;
}

/** The file's own app, with an owner of a live listing (`livewire`) and a stranger to it. */
export async function startOwnerApp(): Promise<{ app: TestApp; owner: Owner; stranger: Owner; liveId: number }> {
  const app = await startTestApp({ worker: false });
  const owner = await ownerWithKey(app, 'owner@example.test');
  const stranger = await ownerWithKey(app, 'stranger@example.test');
  const liveId = await insertListing(app.deps.orm.em.fork(), app.deps.site.id, {
    slug: 'livewire',
    ownerId: owner.id,
    status: 'live',
  });
  return { app, owner, stranger, liveId };
}
