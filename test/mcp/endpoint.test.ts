import { request as httpRequest } from 'node:http';
import type { Server } from 'node:http';
import { buildApp } from '../../api/app.js';
import { request } from '../support/http.js';
import {
  allScopes,
  connect,
  eras,
  mcpTestOperations,
  modernHeaders,
  modernMeta,
  rawPost,
  startMcpTestApp,
  testPrincipalHeader,
  type Era,
  type McpTestApp,
} from './support.js';

let app: McpTestApp;
beforeAll(async () => {
  app = await startMcpTestApp({ MCP_ALLOWED_HOSTS: 'mcp.example.test' });
});
afterAll(() => app.close());

const initialize = (version: string, headers: Record<string, string> = {}, url = app.mcp) =>
  rawPost(
    url,
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    },
    headers,
  );

/** One tools/call as a client of the given era sends it, without the SDK client. */
async function rawCall(era: Era, name: string, args: object, headers: Record<string, string> = {}) {
  if (era === '2026-07-28') {
    return rawPost(
      app.mcp,
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args, _meta: modernMeta } },
      { ...modernHeaders('tools/call', name), ...headers },
    );
  }
  const init = await initialize(era, headers);
  expect(init.status).toBe(200);
  return rawPost(
    app.mcp,
    { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } },
    { 'mcp-protocol-version': era, ...headers },
  );
}

/** A request with a Host header of our choosing (fetch does not let a caller set Host). */
function postWithHost(host: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const url = new URL(app.mcp);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          host,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...modernHeaders('server/discover'),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text.startsWith('{') ? JSON.parse(text) : text }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: modernMeta } }));
  });
}

describe('mcp endpoint', () => {
  describe.each(eras)('sign-in over %s', (era) => {
    it('runs public tools without a token', async () => {
      const client = await connect(app.mcp, era);
      const result = await client.callTool({ name: 'get_site_info', arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ mcp_url: `${app.app.url}/mcp` });
      await client.close();
    });

    it('answers a signed-in tool without credentials with HTTP 401 and the resource metadata challenge', async () => {
      const res = await rawCall(era, 'test_needs_scope', {});
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${app.app.url}/.well-known/oauth-protected-resource/mcp"`,
      );
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body).toMatchObject({ status: 401, code: 'unauthorized' });
    });

    it('makes the SDK client fail the call when there are no credentials', async () => {
      const client = await connect(app.mcp, era);
      await expect(client.callTool({ name: 'test_needs_scope', arguments: {} })).rejects.toThrow();
      await client.close();
    });

    it('answers a caller without the scope with HTTP 403 insufficient_scope', async () => {
      const res = await rawCall(era, 'test_needs_scope', {}, { [testPrincipalHeader]: 'listings:write' });
      expect(res.status).toBe(403);
      expect(res.headers.get('www-authenticate')).toBe(
        `Bearer error="insufficient_scope", scope="account:read", resource_metadata="${app.app.url}/.well-known/oauth-protected-resource/mcp"`,
      );
      expect(res.body).toMatchObject({ status: 403, code: 'insufficient_scope' });
    });

    it('runs the tool for a caller with the scope, as REST does', async () => {
      const client = await connect(app.mcp, era, { [testPrincipalHeader]: 'account:read' });
      const result = await client.callTool({ name: 'test_needs_scope', arguments: {} });
      const rest = await request(`${app.api}/test/private`, { headers: { [testPrincipalHeader]: 'account:read' } });
      expect(rest.status).toBe(200);
      expect(result.structuredContent).toEqual(rest.body);
      await client.close();
    });
  });

  it('checks every call of a JSON-RPC batch before serving any of it', async () => {
    const call = (id: number, name: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } });
    const res = await rawPost(app.mcp, [call(1, 'get_site_info'), call(2, 'test_needs_scope')], {
      'mcp-protocol-version': '2025-03-26',
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'unauthorized' });
  });

  describe('DNS-rebinding guard', () => {
    it('refuses a foreign Host', async () => {
      const res = await postWithHost('evil.example');
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'forbidden', detail: expect.stringContaining('evil.example') });
    });

    it('accepts the public host, loopback names and MCP_ALLOWED_HOSTS, on any port', async () => {
      for (const host of [new URL(app.app.url).host, 'localhost:9', '[::1]', 'mcp.example.test']) {
        expect(await postWithHost(host)).toMatchObject({ status: 200, body: { result: { supportedVersions: ['2026-07-28'] } } });
      }
    });

    it.each([['http://evil.example'], ['null'], ['not a url']])('refuses the Origin %s', async (origin) => {
      const res = await rawPost(app.mcp, { jsonrpc: '2.0', id: 1, method: 'ping' }, { origin });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'forbidden' });
    });

    it('accepts an allowed Origin and requests without one', async () => {
      expect((await initialize('2025-11-25', { origin: 'http://localhost:6274' })).status).toBe(200);
      expect((await initialize('2025-11-25')).status).toBe(200);
    });
  });

  describe('2025 initialize-based protocols', () => {
    it.each([['2025-03-26'], ['2025-06-18'], ['2025-11-25']])(
      'negotiates %s and serves tools without a session',
      async (version) => {
        const init = await initialize(version);
        expect(init.status).toBe(200);
        expect(init.body.result).toMatchObject({
          protocolVersion: version,
          serverInfo: { name: 'launch-directory' },
          capabilities: { tools: {} },
        });
        expect(init.body.result.instructions).toContain('Never ask for card or payment details');
        expect(init.headers.get('mcp-session-id')).toBeNull();
        const headers = { 'mcp-protocol-version': version };
        expect((await rawPost(app.mcp, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).status).toBe(202);
        const list = await rawPost(app.mcp, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers);
        expect(list.body.result.tools.map((t: { name: string }) => t.name)).toContain('get_site_info');
        const call = await rawPost(
          app.mcp,
          { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_site_info', arguments: {} } },
          headers,
        );
        expect(call.body.result.structuredContent).toEqual((await request(`${app.api}/site`)).body);
      },
    );

    it('lets any api instance answer any request: no state lives in the process', async () => {
      const other = buildApp(app.app.deps, mcpTestOperations);
      const server: Server = other.listen(0, '127.0.0.1');
      await new Promise<void>((resolve) => server.once('listening', resolve));
      const address = server.address();
      const otherMcp = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mcp`;
      try {
        expect((await initialize('2025-11-25')).status).toBe(200);
        const call = await rawPost(
          otherMcp,
          { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'test_list_numbers', arguments: { per_page: 2 } } },
          { 'mcp-protocol-version': '2025-11-25' },
        );
        expect(call.body.result.structuredContent).toMatchObject({ items: [1, 2], total: 45 });
      } finally {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });

    it('answers GET with 405: there are no sessions to stream', async () => {
      const res = await fetch(app.mcp, { headers: { accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
    });
  });

  describe('2026-07-28 stateless protocol', () => {
    it('answers server/discover with cache hints', async () => {
      const res = await rawPost(
        app.mcp,
        { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: modernMeta } },
        modernHeaders('server/discover'),
      );
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({
        supportedVersions: ['2026-07-28'],
        capabilities: { tools: { listChanged: false } },
        ttlMs: 300_000,
        cacheScope: 'public',
      });
    });

    it('marks the tool list cacheable by anyone for five minutes', async () => {
      const res = await rawPost(
        app.mcp,
        { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta } },
        modernHeaders('tools/list'),
      );
      expect(res.body.result).toMatchObject({ ttlMs: 300_000, cacheScope: 'public', resultType: 'complete' });
    });

    it('refuses an Mcp-Method header that disagrees with the body', async () => {
      const res = await rawPost(
        app.mcp,
        { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta } },
        modernHeaders('tools/call'),
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toBeDefined();
    });

    it('has no initialize', async () => {
      const res = await rawPost(
        app.mcp,
        { jsonrpc: '2.0', id: 1, method: 'initialize', params: { _meta: modernMeta } },
        modernHeaders('initialize'),
      );
      expect(res.body.error).toMatchObject({ code: -32601 });
    });
  });

  describe('malformed requests', () => {
    it('answers a body that is not JSON with a JSON-RPC parse error', async () => {
      const res = await rawPost(app.mcp, '{"jsonrpc": ');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        jsonrpc: '2.0',
        error: { code: -32700, message: expect.stringContaining('Parse error') },
        id: null,
      });
    });

    it('answers an oversized body with 413 problem details', async () => {
      const res = await rawPost(app.mcp, { jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(1_100_000) } });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 'payload_too_large' });
    });

    it('counts MCP requests against the rate limit like REST', async () => {
      const res = await initialize('2025-11-25', allScopes);
      expect(Number(res.headers.get('ratelimit-remaining'))).toBeGreaterThanOrEqual(0);
      expect(res.headers.get('ratelimit-limit')).toBe('600');
    });
  });
});
