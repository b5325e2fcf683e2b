import { createApiKey } from '../../src/accounts/api-keys.js';
import { addUser, sql } from '../catalogue/fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { WebClient } from '../support/web-client.js';
import { accessTokenFor } from '../support/oauth.js';
import { operations } from '../../api/operations/index.js';
import { beyondSpecOperations, specOperations } from '../support/operation-list.js';

const spec = [...specOperations, ...beyondSpecOperations];
const registered = new Map(operations.map((op) => [op.id, op]));
const admin = spec.filter((op) => op.scope === 'admin');
const authenticated = spec.filter((op) => op.scope !== null && op.scope !== 'admin');
const implemented = authenticated.filter((op) => registered.has(op.tool));
const pending = authenticated.filter((op) => !registered.has(op.tool));

/** A concrete URL for a spec path: placeholders get harmless values (auth is checked before anything else). */
const concrete = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'id' ? '00000000-0000-4000-8000-000000000000' : '1'));

describe('operation registry matches the specification and the listed additions', () => {
  it('adds nothing the specification already names', () => {
    const specTools = new Set(specOperations.map((op) => op.tool));
    expect(beyondSpecOperations.filter((op) => specTools.has(op.tool))).toEqual([]);
  });

  it.each(operations.map((op) => [op.id, op] as const))('%s is listed with the same contract', (_id, op) => {
    const expected = spec.find((s) => s.tool === op.id);
    expect(expected).toBeDefined();
    expect({ method: op.method, path: op.path, scope: op.scope, ik: op.idempotencyKey, status: op.successStatus }).toEqual({
      method: expected!.method,
      path: expected!.path,
      scope: expected!.scope,
      ik: expected!.ik,
      status: expected!.status,
    });
  });
});

describe('authenticated operations', () => {
  let app: TestApp;
  const tokenWithout: Record<string, string> = {};

  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    const browser = new WebClient(app.url);
    const rest = `${app.url}/api/v1`;
    // One token per scope it lacks: each holds the other two scopes only.
    for (const lacking of ['account:read', 'listings:write', 'orders:write']) {
      const others = ['account:read', 'listings:write', 'orders:write'].filter((s) => s !== lacking).join(' ');
      tokenWithout[lacking] = await accessTokenFor(app, browser, 'scopes@example.com', others, rest);
    }
  });
  afterAll(() => app.close());

  it('lists the operations not built yet as pending (other issues)', () => {
    if (pending.length) console.log(`pending (not in the registry yet): ${pending.map((op) => op.tool).join(', ')}`);
    expect(implemented.length + pending.length).toBe(authenticated.length);
  });

  if (implemented.length) {
    it.each(implemented.map((op) => [op.tool, op] as const))(
      '%s without a token is 401 with resource_metadata',
      async (_tool, op) => {
        const res = await request(`${app.api}${concrete(op.path)}`, { method: op.method });
        expect(res.status).toBe(401);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        expect(res.body.code).toBe('unauthorized');
        expect(res.headers.get('www-authenticate')).toBe(
          `Bearer resource_metadata="${app.url}/.well-known/oauth-protected-resource/api/v1"`,
        );
      },
    );

    it.each(implemented.map((op) => [op.tool, op] as const))(
      '%s with a token lacking its scope is 403 insufficient_scope',
      async (_tool, op) => {
        const res = await request(`${app.api}${concrete(op.path)}`, {
          method: op.method,
          headers: { authorization: `Bearer ${tokenWithout[op.scope!]}` },
        });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('insufficient_scope');
        expect(res.headers.get('www-authenticate')).toBe(
          `Bearer error="insufficient_scope", scope="${op.scope}", resource_metadata="${app.url}/.well-known/oauth-protected-resource/api/v1"`,
        );
      },
    );
  }

  it.each(admin.map((op) => [op.tool, op] as const))(
    '%s is 404 without a token, with a full-scope token and with a non-admin API key; an admin key reaches it',
    async (_tool, op) => {
      const memberKey = (await createApiKey(app.deps.orm.em.fork(), await addUser(app, `m-${op.tool}@example.test`), 'm')).key;
      const adminId = await addUser(app, `a-${op.tool}@example.test`);
      await sql(app, "update app_user set role = 'admin' where id = ?", [adminId]);
      const adminKey = (await createApiKey(app.deps.orm.em.fork(), adminId, 'a')).key;
      const url = `${app.api}${op.path.replace('{number}', 'C-2026-999999')}`;
      const json = op.method === 'GET' ? undefined : {};
      for (const authorization of [undefined, `Bearer ${tokenWithout['orders:write']}`, `Bearer ${memberKey}`]) {
        const res = await request(url, { method: op.method, json, headers: authorization ? { authorization } : {} });
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('not_found');
      }
      const res = await request(url, { method: op.method, json, headers: { authorization: `Bearer ${adminKey}` } });
      // Reached: listed cases, or the body checked (400) before the unknown case number.
      expect(res.status).toBe(op.method === 'GET' ? 200 : 400);
    },
  );

  for (const op of pending) it.todo(`${op.tool} (${op.method} ${op.path}, ${op.scope}): pending, not in the registry yet`);
});
