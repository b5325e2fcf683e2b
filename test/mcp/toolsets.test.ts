import type { Client } from '@modelcontextprotocol/client';
import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import { operations } from '../../api/operations/index.js';
import { adminScope, hintsOf } from '../../api/operations/registry.js';
import { toolsetNames, toolsetsOf } from '../../api/mcp/toolsets.js';
import { toolExamples } from './examples.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { allScopes, connect, eras, modernHeaders, modernMeta, rawPost, startMcpTestApp, type McpTestApp } from './support.js';

/**
 * Tool lists an agent chooses on the MCP URL: toolsets, and reads alone. Lists are read from the
 * app as it runs; calls go through the test app, whose callers choose their scopes.
 */
const tokenizer = new Tiktoken(o200kBase);
let plain: TestApp;
let app: McpTestApp;
const clients: Client[] = [];

beforeAll(async () => {
  plain = await startTestApp({ worker: false });
  app = await startMcpTestApp();
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await app.close();
  await plain.close();
});

async function connectTo(query: string, era: (typeof eras)[number] = '2026-07-28'): Promise<Client> {
  const client = await connect(`${app.mcp}${query}`, era, allScopes);
  clients.push(client);
  return client;
}

const listText = async (query: string) => {
  const res = await rawPost(
    `${plain.url}/mcp${query}`,
    { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta } },
    modernHeaders('tools/list'),
  );
  expect(res.status).toBe(200);
  return { text: JSON.stringify(res.body.result), names: (res.body.result.tools as Array<{ name: string }>).map((t) => t.name) };
};

const publicReads = operations.filter((op) => op.scope === null && hintsOf(op).readOnly).map((op) => op.id);
/** What anyone but the site team may list: every operation but the admin ones. */
const visible = operations.filter((op) => op.scope !== adminScope);

it('lists the public reads alone for catalogue and read_only, in under 6,000 tokens, and each answers', async () => {
  const { text, names } = await listText('?toolsets=catalogue&read_only=true');
  expect(names.sort()).toEqual([...publicReads].sort());
  const tokens = tokenizer.encode(text).length;
  process.stdout.write(`tools/list ?toolsets=catalogue&read_only=true: ${names.length} tools, ${tokens} tokens (o200k_base)\n`);
  expect(tokens).toBeLessThan(6000);

  const client = await connectTo('?toolsets=catalogue&read_only=true');
  for (const name of names) {
    const result = await client.callTool({ name, arguments: await (toolExamples[name] ?? (() => ({})))(app) });
    expect({ name, isError: result.isError ?? false }).toEqual({ name, isError: false });
  }
});

it('lists every tool a caller may use by default, and the union of the chosen sets otherwise', async () => {
  expect((await listText('')).names.sort()).toEqual(visible.map((op) => op.id).sort());
  const { names } = await listText('?toolsets=drafts,publishing');
  expect(names).toContain('submit_listing');
  expect(names).toContain('choose_free_listing');
  expect(names).not.toContain('search_listings');
  expect(names).not.toContain('claim_listing');
  const reads = await listText('?read_only=true');
  expect(reads.names.sort()).toEqual(
    visible
      .filter((op) => hintsOf(op).readOnly)
      .map((op) => op.id)
      .sort(),
  );
});

it('puts every operation in a toolset', async () => {
  const { names } = await listText(`?toolsets=${toolsetNames.join(',')}`);
  expect(names.sort()).toEqual(visible.map((op) => op.id).sort());
  expect(operations.filter((op) => toolsetsOf(op).length === 0).map((op) => op.id)).toEqual([]);
});

it('answers a tool the URL left out as unknown, and runs it on the default URL', async () => {
  const narrow = await connectTo('?toolsets=catalogue');
  await expect(narrow.callTool({ name: 'get_account', arguments: {} })).rejects.toThrow(/get_account/);
  const wide = await connectTo('');
  expect((await wide.callTool({ name: 'get_account', arguments: {} })).isError ?? false).toBe(false);
});

describe.each(['2025-03-26', '2025-11-25', '2026-07-28'])('an unknown toolset over %s', (era) => {
  it('is 400 naming the valid ones', async () => {
    const message =
      era === '2026-07-28'
        ? { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta } }
        : {
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: { protocolVersion: era, capabilities: {}, clientInfo: { name: 'toolsets', version: '1' } },
          };
    const headers = era === '2026-07-28' ? modernHeaders('tools/list') : { 'mcp-protocol-version': era };
    const res = await rawPost(`${app.mcp}?toolsets=catalogue,everything`, message, headers);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.detail).toBe(`Unknown toolset "everything". The toolsets are ${toolsetNames.join(', ')}.`);
    expect(res.body.errors).toEqual([{ path: 'toolsets', message: res.body.detail }]);
    expect((await rawPost(`${app.mcp}?read_only=yes`, message, headers)).status).toBe(400);
  });
});

it("names each toolset's cost in the instructions, as its tools/list measures", async () => {
  const client = await connect(`${plain.url}/mcp?toolsets=catalogue`, '2026-07-28');
  clients.push(client);
  const instructions = client.getInstructions() ?? '';
  // The site team's set is theirs to know of.
  expect(instructions).not.toMatch(/admin: \d+ tools/);
  for (const toolset of toolsetNames.filter((set) => set !== 'admin')) {
    const said = new RegExp(`${toolset}: (\\d+) tools, (\\d+) tokens`).exec(instructions);
    expect(said).not.toBeNull();
    const { text, names } = await listText(`?toolsets=${toolset}`);
    expect(Number(said![1])).toBe(names.length);
    // The instructions count the tools' entries; the list's envelope (cache hints, server info) adds about 45 tokens.
    expect(Math.abs(Number(said![2]) - tokenizer.encode(text).length)).toBeLessThan(60);
  }
});

it('keeps the OAuth resource at /mcp whatever the query', async () => {
  const res = await rawPost(
    `${app.mcp}?toolsets=account`,
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_account', arguments: {}, _meta: modernMeta } },
    modernHeaders('tools/call', 'get_account'),
  );
  expect(res.status).toBe(401);
  expect(res.headers.get('www-authenticate')).toBe(
    `Bearer resource_metadata="${app.app.url}/.well-known/oauth-protected-resource/mcp"`,
  );
});
