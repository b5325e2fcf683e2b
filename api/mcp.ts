import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import type { Context, Middleware } from 'koa';
import { createMcpHandler, isJsonContentType, validateHostHeader, validateOriginHeader } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { AppError } from '../src/errors.js';
import type { AppDeps } from './deps.js';
import { authorize } from './execute.js';
import { operationContext } from './operation-context.js';
import { visibleTo, type Operation } from './operations/registry.js';
import { mcpServerFactory, type McpCall } from './mcp/server.js';
import { toolsetCosts, type ToolsetCost } from './mcp/toolset-costs.js';
import { toolsOf } from './mcp/tools.js';
import { selects, toolSelectionOf } from './mcp/toolsets.js';

const mcpPath = '/mcp';

const malformed = Symbol('malformed JSON');

/**
 * Mounts the MCP endpoint: every registry operation as a tool, over the stateless 2026-07-28
 * protocol and the initialize-based 2025 protocols, each request answered by a fresh server.
 * Before the SDK sees a request: the DNS-rebinding guard, then the sign-in gate, so that a call
 * of a signed-in tool without credentials is an HTTP 401 that makes MCP clients start OAuth.
 */
export function mcpEndpoint(deps: AppDeps, operations: readonly Operation[]): Middleware {
  const { config, log } = deps;
  const tools = toolsOf(operations, config);
  const toolByName = new Map(tools.map((tool) => [tool.name, tool]));
  // The tool handlers run inside the SDK; this carries the calling request's context to them.
  const calls = new AsyncLocalStorage<McpCall>();
  let costs: Promise<ToolsetCost[]> | undefined;
  const currentCall = () => {
    const call = calls.getStore();
    if (!call) throw new Error('MCP tool called outside an HTTP request');
    return call;
  };
  const handler = createMcpHandler(mcpServerFactory(config, tools, currentCall), {
    legacy: 'stateless',
    maxRequestBodySize: config.bodyLimitBytes,
    onerror: (error) => log.info({ err: error }, 'mcp request refused'),
  });
  const serve = toNodeHandler(handler, {
    maxRequestBodySize: config.bodyLimitBytes,
    onerror: (error) => log.error({ err: error }, 'mcp request failed'),
  });

  const answer = async (ctx: Context): Promise<void> => {
    ctx.state.resourcePath = mcpPath;
    refuseForeignHosts(ctx, config.mcpAllowedHosts);
    const selection = toolSelectionOf(ctx.query);
    const message = await readMessage(ctx, config.bodyLimitBytes);
    if (message === malformed) {
      ctx.status = 400;
      ctx.body = {
        jsonrpc: '2.0',
        error: { code: -32700, message: 'Parse error: the request body is not valid JSON' },
        id: null,
      };
      return;
    }
    for (const name of calledTools(message)) {
      const tool = toolByName.get(name);
      // A tool the URL left out, or an admin tool to anyone else, is unknown to this request:
      // the SDK answers it as any unknown tool.
      if (tool && visibleTo(tool.op, ctx.state.principal) && selects(selection, tool)) {
        authorize(tool.op, { principal: ctx.state.principal ?? null });
      }
    }
    costs ??= toolsetCosts(tools);
    const call: McpCall = { context: operationContext(ctx, deps), selection, costs: await costs };
    ctx.respond = false;
    await calls.run(call, () => serve(ctx.req, ctx.res, message));
  };
  return (ctx, next) => (ctx.path === mcpPath ? answer(ctx) : next());
}

/** DNS rebinding: a browser page on a foreign name must not reach this endpoint. */
function refuseForeignHosts(ctx: Context, allowed: string[]): void {
  const host = validateHostHeader(ctx.get('host'), allowed);
  if (!host.ok) throw new AppError('forbidden', `${host.message}. This MCP endpoint answers only on its configured hostnames.`);
  const origin = validateOriginHeader(ctx.get('origin') || undefined, allowed);
  if (!origin.ok) throw new AppError('forbidden', `${origin.message}. Requests from this origin are not allowed.`);
}

/** The parsed JSON-RPC payload of a JSON POST; undefined for anything the SDK should read itself. */
async function readMessage(ctx: Context, limit: number): Promise<unknown> {
  if (ctx.method !== 'POST' || !isJsonContentType(ctx.get('content-type'))) return undefined;
  const text = await readText(ctx.req, limit);
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return malformed;
  }
}

async function readText(req: IncomingMessage, limit: number): Promise<string> {
  const tooLarge = () => new AppError('payload_too_large', `The request body is larger than ${limit} bytes.`);
  if (Number(req.headers['content-length'] ?? 0) > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Names of the tools a JSON-RPC message or batch calls. */
function calledTools(message: unknown): string[] {
  const messages = Array.isArray(message) ? message : [message];
  return messages.flatMap((m) => {
    const call = m as { method?: unknown; params?: { name?: unknown } } | null;
    return call?.method === 'tools/call' && typeof call.params?.name === 'string' ? [call.params.name] : [];
  });
}
