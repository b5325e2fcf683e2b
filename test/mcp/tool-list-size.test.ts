import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import { operations } from '../../api/operations/index.js';
import { visibleTo } from '../../api/operations/registry.js';
import { countryCodeSentence } from '../../api/mcp/compact-schema.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { modernHeaders, modernMeta, rawPost } from './support.js';

type Era = '2025-03-26' | '2025-11-25' | '2026-07-28';

/** What every agent reads before its first call: the whole tools/list answer, as sent (the site team's tools apart). */
const limits = { bytes: 80_000, tokens: 20_000 };
/**
 * With MCP_OUTPUT_SCHEMAS=true the exact result schemas come too; their repeated parts are shared
 * under `$defs` (without that: 235 KB and 60,000 tokens). Above the limits, hence not the default.
 */
const withOutputSchemas = { bytes: 200_000, tokens: 51_600 };
const tokenizer = new Tiktoken(o200kBase);

let app: TestApp;
let appWithOutputSchemas: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: false });
  appWithOutputSchemas = await startTestApp({ worker: false, env: { MCP_OUTPUT_SCHEMAS: 'true' } });
});
afterAll(async () => {
  await app.close();
  await appWithOutputSchemas.close();
});

function sizeOf(text: string): { bytes: number; tokens: number } {
  return { bytes: Buffer.byteLength(text), tokens: tokenizer.encode(text).length };
}

async function listTools(era: Era, from = app): Promise<{ text: string; tools: any[] }> {
  const mcp = `${from.url}/mcp`;
  if (era === '2026-07-28') {
    const res = await rawPost(
      mcp,
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta } },
      modernHeaders('tools/list'),
    );
    return { text: JSON.stringify(res.body.result), tools: res.body.result.tools };
  }
  const init = await rawPost(mcp, {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: era, capabilities: {}, clientInfo: { name: 'size', version: '1' } },
  });
  expect(init.status).toBe(200);
  const res = await rawPost(mcp, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-protocol-version': era });
  return { text: JSON.stringify(res.body.result), tools: res.body.result.tools };
}

describe.each<Era>(['2025-03-26', '2025-11-25', '2026-07-28'])('tools/list over %s', (era) => {
  it(`stays within ${limits.bytes} bytes and ${limits.tokens} o200k tokens for every tool`, async () => {
    const { text, tools } = await listTools(era);
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      operations
        .filter((op) => visibleTo(op, null))
        .map((op) => op.id)
        .sort(),
    );
    const { bytes, tokens } = sizeOf(text);
    process.stdout.write(`tools/list ${era}: ${tools.length} tools, ${bytes} bytes, ${tokens} tokens (o200k_base)\n`);
    expect(bytes).toBeLessThanOrEqual(limits.bytes);
    expect(tokens).toBeLessThanOrEqual(limits.tokens);
  });

  it(`with MCP_OUTPUT_SCHEMAS, stays within ${withOutputSchemas.bytes} bytes and ${withOutputSchemas.tokens} tokens`, async () => {
    const { text, tools } = await listTools(era, appWithOutputSchemas);
    expect(tools.every((tool) => tool.outputSchema?.type === 'object')).toBe(true);
    const { bytes, tokens } = sizeOf(text);
    process.stdout.write(`tools/list ${era} with output schemas: ${bytes} bytes, ${tokens} tokens (o200k_base)\n`);
    expect(bytes).toBeLessThanOrEqual(withOutputSchemas.bytes);
    expect(tokens).toBeLessThanOrEqual(withOutputSchemas.tokens);
  });

  it('carries no default integer bounds, no country list, and no paragraph that every tool repeats', async () => {
    const { text, tools } = await listTools(era);
    expect(text).not.toContain(String(Number.MAX_SAFE_INTEGER));
    expect(text).not.toContain('"AD","AE"');
    const quote = tools.find((tool) => tool.name === 'quote_order');
    expect(quote.inputSchema.properties.billing_country).toEqual(
      expect.objectContaining({
        type: 'string',
        pattern: '^[A-Za-z]{2}$',
        description: expect.stringContaining(countryCodeSentence),
      }),
    );
    const paragraphs = tools.flatMap((tool) => (tool.description as string).split('\n\n'));
    const repeated = paragraphs.filter((paragraph, i) => paragraph.length > 60 && paragraphs.indexOf(paragraph) !== i);
    expect(repeated).toEqual([]);
  });
});

it('keeps real integer bounds', async () => {
  const { tools } = await listTools('2026-07-28');
  const search = tools.find((tool) => tool.name === 'search_listings');
  expect(search.inputSchema.properties.per_page).toEqual(expect.objectContaining({ type: 'integer', minimum: 1, maximum: 100 }));
});
