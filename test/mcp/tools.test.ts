import type { Client } from '@modelcontextprotocol/client';
import { toolInputSchema } from '../../api/mcp/tools.js';
import { outputJsonSchema } from '../../api/openapi.js';
import { operations } from '../../api/operations/index.js';
import { hintsOf, visibleTo } from '../../api/operations/registry.js';
import { request } from '../support/http.js';
import { toolExamples } from './examples.js';
import { mutationsOf, verdicts } from './schema-equivalence.js';
import {
  allScopes,
  connect,
  echoParts,
  eras,
  mcpTestOperations,
  restRequestFor,
  startMcpTestApp,
  type McpTestApp,
} from './support.js';

/** The edge's text rule (api/middleware/text-input.ts) as tools state it: `\xXX` for `\u00XX`. */
const safeTextPattern = '^[^\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f]*$';

let app: McpTestApp;
beforeAll(async () => {
  // With result schemas, the SDK client checks every result below against its tool's outputSchema.
  app = await startMcpTestApp({ MCP_OUTPUT_SCHEMAS: 'true' });
});
afterAll(() => app.close());

describe.each(eras)('mcp tools over %s', (era) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(app.mcp, era, allScopes);
  });
  afterAll(() => client.close());

  it('lists every registry operation the caller can see as a tool of the same name, with description, object schema and hints', async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    // The caller holds every scope but is not on the site team: the admin toolset is not theirs.
    const registry = [...operations, ...mcpTestOperations].filter((op) => visibleTo(op, null));
    expect(registry.length).toBeLessThan(operations.length + mcpTestOperations.length);
    expect([...byName.keys()].sort()).toEqual(registry.map((op) => op.id).sort());
    for (const op of registry) {
      const tool = byName.get(op.id)!;
      expect(tool.title).toBe(op.summary);
      expect(tool.description).toContain(op.description);
      expect(tool.description).toContain(op.scope ? `with the scope ${op.scope}` : 'Public: no sign-in needed.');
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(Object.keys(tool.outputSchema?.properties ?? {}).length).toBeGreaterThan(0);
      const hints = hintsOf(op);
      expect(tool.annotations).toEqual({
        readOnlyHint: hints.readOnly,
        destructiveHint: hints.destructive,
        idempotentHint: hints.idempotent,
        openWorldHint: hints.openWorld,
      });
      const properties = Object.keys(tool.inputSchema.properties ?? {});
      if (op.idempotencyKey) expect(properties).toContain('idempotency_key');
      else expect(properties).not.toContain('idempotency_key');
    }
  });

  it('merges path, query and body into one flat input schema', async () => {
    const { tools } = await client.listTools();
    const echo = tools.find((tool) => tool.name === echoParts.id)!;
    expect(echo.inputSchema).toEqual({
      type: 'object',
      properties: {
        slug: expect.objectContaining({ type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,219}$' }),
        flag: { type: 'string', enum: ['true', 'false'] },
        limit: { type: 'integer', minimum: 1, maximum: 5 },
        note: { type: 'string', minLength: 1, maxLength: 10, pattern: safeTextPattern },
        tags: { type: 'array', maxItems: 2, items: { type: 'string', pattern: safeTextPattern } },
      },
      required: ['slug', 'note'],
      additionalProperties: false,
    });
    const numbers = tools.find((tool) => tool.name === 'test_list_numbers')!;
    expect(numbers.inputSchema).not.toHaveProperty('additionalProperties');
    expect(numbers.inputSchema.properties).toHaveProperty('per_page', expect.objectContaining({ maximum: 100 }));
  });

  /** Operations without an Idempotency-Key act twice: these fields are each call's own moment. */
  const unkeyedMoments: Record<string, string[]> = { report_content: ['received_at'] };
  const sameExcept = (body: Record<string, unknown>, fields: string[] = []) => ({
    ...body,
    ...Object.fromEntries(fields.map((field) => [field, expect.any(String)])),
  });

  /** The site team's tools are another caller's: test/moderation/decisions.test.ts calls them as an admin. */
  const callable = operations.filter((op) => visibleTo(op, null));

  it.each(callable.map((op) => [op.id, op] as const))('%s returns the same JSON as its REST operation', async (_id, op) => {
    const args = await (toolExamples[op.id] ?? (() => ({})))(app);
    const result = await client.callTool({ name: op.id, arguments: args });
    const { url, init } = restRequestFor(op, args);
    const rest = await request(`${app.api}${url}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), ...allScopes },
    });
    expect(rest.status).toBe(op.successStatus);
    expect(result.isError).toBeFalsy();
    const same = sameExcept(rest.body, unkeyedMoments[op.id]);
    expect(result.structuredContent).toEqual(same);
    expect(JSON.parse((result.content as Array<{ text: string }>)[0].text)).toEqual(same);
  });

  it.each(callable.map((op) => [op.id, op] as const))(
    '%s advertises schemas that judge its real arguments and result, and every one-change variant, as the exact ones do',
    async (_id, op) => {
      const tool = (await client.listTools()).tools.find((listed) => listed.name === op.id)!;
      const args = await (toolExamples[op.id] ?? (() => ({})))(app);
      const result = await client.callTool({ name: op.id, arguments: args });
      const output = verdicts(outputJsonSchema(op.output), tool.outputSchema!, mutationsOf(result.structuredContent as never));
      const input = verdicts(toolInputSchema(op, app.app.deps.config), tool.inputSchema, mutationsOf(args as never));
      expect(output.differing).toEqual([]);
      expect(input.differing).toEqual([]);
      expect(output.valid).toBeGreaterThan(0);
      expect(output.invalid).toBeGreaterThan(0);
    },
  );

  it('passes typed arguments the way REST passes path, query and body', async () => {
    const args = { slug: 'some-product', flag: true, limit: 3, note: 'hello', tags: ['a'] };
    const result = await client.callTool({ name: echoParts.id, arguments: args });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({
      path: { slug: 'some-product' },
      query: { flag: true, limit: 3 },
      body: { note: 'hello', tags: ['a'] },
    });
    const { url, init } = restRequestFor(echoParts, args);
    expect((await request(`${app.api}${url}`, init)).body).toEqual(result.structuredContent);
  });

  it('pages like REST when query arguments are given as numbers', async () => {
    const result = await client.callTool({ name: 'test_list_numbers', arguments: { page: 2, per_page: 10 } });
    const rest = await request(`${app.api}/test/numbers?page=2&per_page=10`);
    expect(result.structuredContent).toEqual(rest.body);
    expect(rest.body).toMatchObject({
      page: 2,
      per_page: 10,
      total: 45,
      total_pages: 5,
      items: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
    });
  });
});
