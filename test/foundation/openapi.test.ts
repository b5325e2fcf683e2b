import { Validator } from '@seriousme/openapi-schema-validator';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { operations } from '../../api/operations/index.js';
import { visibleTo } from '../../api/operations/registry.js';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { addUser, sql } from '../catalogue/fixtures.js';

describe('OpenAPI document and docs page', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ worker: false });
  });
  afterAll(() => app.close());

  it('validates as OpenAPI 3.1 with version 1.0.0', async () => {
    const res = await request(`${app.api}/openapi.json`);
    expect(res.status).toBe(200);
    const validator = new Validator();
    const result = await validator.validate(res.body);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(res.body.info.version).toBe('1.0.0');
    expect(res.body.servers[0].url).toBe(`${app.url}/api/v1`);
  });

  const idsIn = (body: { paths: Record<string, Record<string, { operationId: string }>> }) =>
    Object.values(body.paths)
      .flatMap((entries) => Object.values(entries).map((entry) => entry.operationId))
      .sort();

  it('holds every operation an anonymous caller can reach, with operationId = tool name, and no admin one', async () => {
    const { body } = await request(`${app.api}/openapi.json`);
    const visible = operations.filter((op) => visibleTo(op, null));
    for (const op of visible) {
      const entry = body.paths[op.path]?.[op.method.toLowerCase()];
      expect(entry).toMatchObject({ operationId: op.id, responses: { [op.successStatus]: expect.any(Object) } });
    }
    expect(idsIn(body)).toEqual(visible.map((op) => op.id).sort());
    expect(visible.length).toBeLessThan(operations.length);
    expect(body.paths['/site'].get.responses['400'].content['application/problem+json']).toBeDefined();
  });

  it("gives an admin's API key the whole registry, admin operations included, never to a shared cache", async () => {
    const adminId = await addUser(app, 'openapi-admin@example.test');
    await sql(app, "update app_user set role = 'admin' where id = ?", [adminId]);
    const key = (await createApiKey(app.deps.orm.em.fork(), adminId, 'docs')).key;
    const res = await request(`${app.api}/openapi.json`, { headers: { authorization: `Bearer ${key}` } });
    expect(idsIn(res.body)).toEqual(operations.map((op) => op.id).sort());
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const result = await new Validator().validate(res.body);
    expect(result.errors).toBeUndefined();
  });

  it('renders /docs from the locally served Swagger UI package', async () => {
    const page = await request(`${app.url}/docs`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('/docs/assets/swagger-ui-bundle.js');
    expect(page.text).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
    const bundle = await fetch(`${app.url}/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    const init = await request(`${app.url}/docs/init.js`);
    expect(init.text).toContain('/api/v1/openapi.json');
  });

  it('documents each problem type it links to', async () => {
    const page = await request(`${app.url}/problems/invalid_input`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('HTTP status 400');
    expect((await request(`${app.url}/problems/no_such_code`)).status).toBe(404);
  });
});
