import type { Server } from 'node:http';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { buildApp } from '../../api/app.js';
import { defineOperation, scopes, type Operation, type Principal, type Scope } from '../../api/operations/registry.js';
import { queryBoolean, slug } from '../../api/operations/common.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ensureUser, type UserRow } from '../../src/accounts/users.js';
import { testOperations } from '../support/test-operations.js';

/**
 * Lets these tests choose the caller's scopes, which a real API key cannot narrow: `x-test-scopes`
 * names them, and its presence signs in as a real user of the test database.
 */
export const testPrincipalHeader = 'x-test-scopes';
/** Puts the test principal on the site team, as the admin role does a real user. */
const testAdminHeader = 'x-test-admin';
const testPrincipalFor =
  (user: UserRow): Middleware =>
  (ctx, next) => {
    if (ctx.request.headers[testPrincipalHeader] !== undefined) {
      const principal: Principal = {
        userId: user.id,
        email: user.email,
        scopes: ctx
          .get(testPrincipalHeader)
          .split(',')
          .filter((s): s is Scope => (scopes as readonly string[]).includes(s)),
        via: 'api_key',
        ...(ctx.request.headers[testAdminHeader] === 'true' ? { admin: true as const } : {}),
      };
      ctx.state.principal = principal;
    }
    return next();
  };

export const allScopes = { [testPrincipalHeader]: scopes.join(',') };
/** Every scope, on the site team: the admin toolset is listed and reachable too. */
export const adminScopes = { ...allScopes, [testAdminHeader]: 'true' };

/** Path, query and body side by side, to check how flat tool arguments are sorted. */
export const echoParts = defineOperation({
  id: 'test_echo_parts',
  method: 'POST',
  path: '/test/echo/{slug}',
  tag: 'Test',
  summary: 'Echoes its validated input',
  description: 'Returns the validated path, query and body, for testing how tool arguments map to them.',
  scope: null,
  idempotencyKey: false,
  successStatus: 201,
  input: {
    path: z.object({ slug }),
    query: z.object({ flag: queryBoolean.optional(), limit: z.coerce.number().int().min(1).max(5).optional() }),
    body: z.strictObject({ note: z.string().min(1).max(10), tags: z.array(z.string()).max(2).optional() }),
  },
  output: z.object({
    path: z.object({ slug: z.string() }),
    query: z.object({ flag: z.boolean().optional(), limit: z.int().optional() }),
    body: z.object({ note: z.string(), tags: z.array(z.string()).optional() }),
  }),
  async handler(input) {
    return input;
  },
});

export const mcpTestOperations: readonly Operation[] = [...testOperations, echoParts];

export interface McpTestApp {
  app: TestApp;
  /** Base URL of the app with the test principal middleware in front. */
  url: string;
  api: string;
  mcp: string;
  close(): Promise<void>;
}

/** The real app (real database) plus the test principal middleware, on its own loopback port. */
export async function startMcpTestApp(env: Record<string, string> = {}): Promise<McpTestApp> {
  // No worker runs here, so choose_free_listing answers without waiting for its gate check.
  const app = await startTestApp({
    worker: false,
    extraOperations: mcpTestOperations,
    env: { GATE_CHECK_WAIT_MS: '200', ...env },
  });
  await app.deps.orm.em
    .getConnection()
    .execute('create table if not exists test_effect (id serial primary key, label text not null)');
  const user = await ensureUser(app.deps.orm.em.fork(), 'owner@example.test', 'Test Owner');
  const koa = buildApp(app.deps, mcpTestOperations);
  koa.middleware.splice(1, 0, testPrincipalFor(user)); // right after the request context, which makes ctx.state
  const server: Server = koa.listen(0, '127.0.0.1');
  // As the real server: an idle keep-alive connection outlives the client's, so a slow test never meets a reset.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    url,
    api: `${url}/api/v1`,
    mcp: `${url}/mcp`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
    },
  };
}

export type Era = '2025-11-25' | '2026-07-28';
export const eras: Era[] = ['2025-11-25', '2026-07-28'];

/** The SDK's own client, speaking the initialize-based 2025 protocol or the stateless 2026 one. */
export async function connect(mcpUrl: string, era: Era, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client(
    { name: 'launch-directory-tests', version: '1.0.0' },
    { versionNegotiation: { mode: era === '2026-07-28' ? { pin: era } : 'legacy' } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { requestInit: { headers } }));
  expect(client.getNegotiatedProtocolVersion()).toBe(era);
  return client;
}

/** The REST request a REST client would make for the same flat arguments. */
export function restRequestFor(op: Operation, args: Record<string, unknown>): { url: string; init: RequestInit } {
  const pathNames = new Set([...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
  const queryNames = new Set(Object.keys(op.input.query?.shape ?? {}));
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(args[name])));
  const query = new URLSearchParams();
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (pathNames.has(name)) continue;
    if (name === 'idempotency_key') continue;
    if (queryNames.has(name)) query.set(name, String(value));
    else body[name] = value;
  }
  const headers: Record<string, string> = {};
  if (op.idempotencyKey && typeof args.idempotency_key === 'string') headers['idempotency-key'] = args.idempotency_key;
  if (op.input.body) headers['content-type'] = 'application/json';
  const search = query.size ? `?${query.toString()}` : '';
  return {
    url: `${path}${search}`,
    init: { method: op.method, headers, ...(op.input.body ? { body: JSON.stringify(body) } : {}) },
  };
}

/** A problem as the tool error carries it: the REST body without `instance` (a URL path there). */
export function withoutInstance(problem: Record<string, unknown>): Record<string, unknown> {
  const { instance: _instance, ...rest } = problem;
  return rest;
}

/** POST one JSON-RPC message; answers JSON or SSE, returns the status, headers and the message. */
export async function rawPost(url: string, message: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof message === 'string' ? message : JSON.stringify(message),
  });
  const text = await res.text();
  let body: any;
  if ((res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const data = text.split('\n').filter((line) => line.startsWith('data:'));
    body = data.length ? JSON.parse(data[data.length - 1].slice(5)) : undefined;
  } else {
    body = text ? JSON.parse(text) : undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** The per-request envelope a 2026-07-28 request carries in `_meta`. */
export const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw-test', version: '1.0.0' },
};

export function modernHeaders(method: string, name?: string): Record<string, string> {
  return { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}) };
}
