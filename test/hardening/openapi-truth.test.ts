import { toolsOf } from '../../api/mcp/tools.js';
import { openApiDocument } from '../../api/openapi.js';
import { operations } from '../../api/operations/index.js';
import { loadConfig } from '../../src/config.js';

type Schema = Record<string, any>;

const document = openApiDocument(loadConfig({}), operations);
const operationOf = (id: string): Schema =>
  Object.values(document.paths as Record<string, Record<string, Schema>>)
    .flatMap((methods) => Object.values(methods))
    .find((op) => op.operationId === id)!;

/** Every schema a caller fills in: parameters and request bodies, at any depth. */
function inputStrings(): Array<{ where: string; schema: Schema }> {
  const found: Array<{ where: string; schema: Schema }> = [];
  const walk = (schema: unknown, where: string) => {
    if (Array.isArray(schema)) return schema.forEach((item, index) => walk(item, `${where}.${index}`));
    if (!schema || typeof schema !== 'object') return;
    const node = schema as Schema;
    if (node.type === 'string') found.push({ where, schema: node });
    for (const [key, value] of Object.entries(node)) walk(value, `${where}.${key}`);
  };
  for (const id of operations.map((op) => op.id)) {
    const op = operationOf(id);
    walk(op.parameters, `${id}.parameters`);
    walk(op.requestBody, `${id}.requestBody`);
  }
  return found;
}

const schemaOf = (id: string, property: string): Schema =>
  operationOf(id).requestBody.content['application/json'].schema.properties[property];

describe('the OpenAPI document states what the edge enforces', () => {
  it('gives every free-text input a pattern that refuses control characters', () => {
    const strings = inputStrings();
    expect(strings.length).toBeGreaterThan(50);
    for (const { where, schema } of strings) {
      if (schema.enum || schema.const !== undefined || (schema.format && schema.format !== 'email')) continue;
      expect({ where, pattern: schema.pattern }).toEqual({ where, pattern: expect.any(String) });
      const pattern = new RegExp(schema.pattern as string);
      for (const probe of ['\u0000', 'a\u0000b', 'example.com\u0001', '\u001f'])
        expect({ where, probe, ok: pattern.test(probe) }).toEqual({ where, probe, ok: false });
    }
  });

  it('refuses blank update_draft fields in the schema as the server does', () => {
    const tagline = schemaOf('update_draft', 'fields').properties.tagline.anyOf.find((s: Schema) => s.type === 'string');
    const pattern = new RegExp(tagline.pattern as string);
    expect(pattern.test('  \t\u00a0\ufeff ')).toBe(false);
    expect(pattern.test(' A tagline ')).toBe(true);
  });

  it("states submit_listing's url rule: an http(s) URL or a domain name, short enough to keep", () => {
    const forms = schemaOf('submit_listing', 'url').anyOf as Schema[];
    const accepts = (text: string) =>
      forms.some((form) => new RegExp(form.pattern as string).test(text) && text.length <= form.maxLength);
    for (const good of [
      'example.com',
      'https://example.com/pricing?x=1',
      'http://shop.example.co.uk:8080/',
      'http://site.test:65535/',
    ])
      expect(accepts(good)).toBe(true);
    for (const bad of [
      'not a url',
      'ftp://example.com',
      'localhost',
      'https://999',
      'example.com:80',
      'https://a.bc:65536/',
      'https://a.bc/"x"',
      `a.bc/${'x'.repeat(2040)}`,
    ]) {
      expect({ bad, accepted: accepts(bad) }).toEqual({ bad, accepted: false });
    }
  });

  it('lists the assigned country codes a quote and a checkout take', () => {
    for (const id of ['quote_order', 'create_checkout']) {
      const codes = schemaOf(id, 'billing_country').enum as string[];
      expect(codes).toEqual(expect.arrayContaining(['DE', 'us']));
      expect(codes).not.toContain('XX');
    }
  });

  it("states claim_listing's rule: email with method email, and only then", () => {
    const shapes = operationOf('claim_listing').requestBody.content['application/json'].schema.oneOf as Schema[];
    const byEmail = shapes.find((shape) => shape.properties.method.const === 'email')!;
    const others = shapes.find((shape) => shape.properties.method.enum)!;
    expect(byEmail.required).toContain('email');
    expect(others.properties.method.enum).toEqual(['dns', 'meta', 'file']);
    expect(others.properties.email).toMatchObject({ not: {} });
    // An MCP tool takes one flat argument list: every method, email optional, the server checks the pairing.
    const tool: Schema = toolsOf(operations, loadConfig({})).find((t) => t.name === 'claim_listing')!.inputSchema;
    expect(tool.properties.method.enum).toEqual(['dns', 'meta', 'file', 'email']);
    expect(tool.properties.email).toMatchObject({ type: 'string', format: 'email' });
    expect(tool.required).toEqual(['slug', 'method']);
  });

  it("flattens report_content's shapes into one tool: every kind, each value once", () => {
    const tool: Schema = toolsOf(operations, loadConfig({})).find((t) => t.name === 'report_content')!.inputSchema;
    expect(tool.properties.kind).toEqual({ type: 'string', enum: ['listing', 'review', 'update'] });
    expect(tool.properties.good_faith).toEqual({ type: 'boolean', const: true });
    expect(tool.required).toEqual(['kind', 'category', 'explanation', 'good_faith']);
  });

  it('states the Idempotency-Key header rule', () => {
    const header = operationOf('submit_listing').parameters.find((p: Schema) => p.name === 'Idempotency-Key');
    expect(header).toMatchObject({ in: 'header', schema: { type: 'string', minLength: 1, maxLength: 255 } });
    const pattern = new RegExp(header.schema.pattern as string);
    expect(pattern.test('retry-1')).toBe(true);
    expect(pattern.test('with space')).toBe(false);
  });

  it('declares every refusal an operation can answer, with the problem schema', () => {
    const problem = { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } };
    for (const op of operations) {
      const responses = operationOf(op.id).responses as Record<string, Schema>;
      const expected = ['400', '429'];
      if (op.scope) expected.push('401', '403');
      if (op.input.path) expected.push('404');
      if (op.idempotencyKey) expected.push('409', '422');
      if (op.input.body) expected.push('413', '415');
      for (const status of expected)
        expect({ id: op.id, status, response: responses[status] }).toMatchObject({ id: op.id, status, response: problem });
    }
    for (const id of ['search_listings', 'compare_listings', 'list_awards'])
      expect(operationOf(id).responses['404']).toMatchObject(problem);
  });
});
