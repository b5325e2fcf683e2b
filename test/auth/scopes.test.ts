import { readFileSync } from 'node:fs';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { WebClient } from '../support/web-client.js';
import { accessTokenFor } from '../support/oauth.js';
import { operations } from '../../api/operations/index.js';

interface SpecOperation {
  tool: string;
  method: string;
  path: string;
  scope: string | null;
  ik: boolean;
  status: number;
}

/** The specification's operation list (copied from the shared spec into our fixtures). */
const spec: SpecOperation[] = JSON.parse(
  readFileSync(new URL('../fixtures/operations.json', import.meta.url), 'utf8'),
).operations;
const registered = new Map(operations.map((op) => [op.id, op]));
const authenticated = spec.filter((op) => op.scope !== null);
const implemented = authenticated.filter((op) => registered.has(op.tool));
const pending = authenticated.filter((op) => !registered.has(op.tool));

/** A concrete URL for a spec path: placeholders get harmless values (auth is checked before anything else). */
const concrete = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'id' ? '00000000-0000-4000-8000-000000000000' : '1'));

describe('operation registry matches the specification', () => {
  it.each(operations.map((op) => [op.id, op] as const))('%s is in the specification with the same contract', (_id, op) => {
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

  for (const op of pending) it.todo(`${op.tool} (${op.method} ${op.path}, ${op.scope}): pending, not in the registry yet`);
});
