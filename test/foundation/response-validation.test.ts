import { z } from 'zod';
import { operations } from '../../api/operations/index.js';
import { defineOperation, type Operation } from '../../api/operations/registry.js';
import { outputDrift } from '../../api/output-check.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { addUser, sql } from '../catalogue/fixtures.js';

const thing = z.object({
  id: z.int(),
  name: z.string(),
  tags: z.array(z.object({ label: z.string() })),
  seen_at: z.string().nullable(),
});

/** An operation answering `body` while declaring `thing`: what a handler that drifted looks like. */
function answering(id: string, body: unknown): Operation {
  return defineOperation({
    id,
    method: 'GET',
    path: `/test/${id}`,
    tag: 'Test',
    summary: 'Answers a fixed body',
    description: 'For the response-validation test.',
    scope: null,
    idempotencyKey: false,
    successStatus: 200,
    input: {},
    output: thing,
    handler: () => Promise.resolve(body as z.output<typeof thing>),
  });
}

const good = { id: 1, name: 'Ledgerly', tags: [{ label: 'finance' }], seen_at: null };

describe('output schemas', () => {
  it('accept a body that matches, with dates sent as their ISO text', () => {
    expect(outputDrift(answering('good', good), good)).toEqual([]);
    expect(outputDrift(answering('dated', good), { ...good, seen_at: new Date('2026-11-22T10:00:00Z') })).toEqual([]);
  });

  it('name every way a body can drift: a missing key, a wrong type, an undeclared key at any depth', () => {
    const { name: _missing, ...withoutName } = good;
    expect(outputDrift(answering('x', good), withoutName)).toEqual([expect.stringMatching(/^name: /)]);
    expect(outputDrift(answering('x', good), { ...good, id: '1' })).toEqual([expect.stringMatching(/^id: /)]);
    expect(outputDrift(answering('x', good), { ...good, secret: 'leak' })).toEqual(['secret: not declared in the output schema']);
    expect(outputDrift(answering('x', good), { ...good, tags: [{ label: 'a', colour: 'red' }] })).toEqual([
      'tags.0.colour: not declared in the output schema',
    ]);
  });

  it('are declared by every operation as an object with properties', () => {
    for (const op of operations) {
      const json = z.toJSONSchema(op.output, { io: 'output', unrepresentable: 'any' });
      expect({ op: op.id, type: json.type, properties: Object.keys(json.properties ?? {}).length > 0 }).toEqual({
        op: op.id,
        type: 'object',
        properties: true,
      });
    }
  });
});

describe('response validation in the running app', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      worker: false,
      extraOperations: [answering('test_good_body', good), answering('test_drifting_body', { ...good, secret: 'leak' })],
    });
  });
  afterAll(() => app.close());

  it('lets a matching response through and turns a drifting one into a loud 500', async () => {
    expect((await request(`${app.api}/test/test_good_body`)).status).toBe(200);
    const drifted = await request(`${app.api}/test/test_drifting_body`);
    expect(drifted.status).toBe(500);
  });

  it("publishes each output schema in OpenAPI, the admin operations' in the site team's view", async () => {
    const adminId = await addUser(app, 'team@example.test');
    await sql(app, "update app_user set role = 'admin' where id = ?", [adminId]);
    const key = (await createApiKey(app.deps.orm.em.fork(), adminId, 'docs')).key;
    const { body } = await request(`${app.api}/openapi.json`, { headers: { authorization: `Bearer ${key}` } });
    for (const op of operations) {
      const schema = body.paths[op.path][op.method.toLowerCase()].responses[op.successStatus].content['application/json'].schema;
      expect({ op: op.id, properties: Object.keys(schema.properties ?? {}).length > 0 }).toEqual({ op: op.id, properties: true });
    }
  });
});
