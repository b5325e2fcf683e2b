import {
  fromJsonSchema,
  McpServer,
  type CacheHint,
  type JsonSchemaType,
  type jsonSchemaValidator,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Config } from '../../src/config.js';
import { visibleTo, type OperationContext } from '../operations/registry.js';
import { callTool } from './call.js';
import { promptText, prompts } from './prompts.js';
import type { ToolsetCost } from './toolset-costs.js';
import type { ToolDefinition } from './tools.js';
import { selects, type ToolSelection } from './toolsets.js';

/**
 * The SDK checks arguments against the advertised schema before a tool runs and answers a
 * failure as plain text. Arguments are validated in execute() instead, where a failure becomes
 * the same problem details as REST, so the SDK's check accepts everything; results are checked
 * against their output schema in execute() too (VALIDATE_RESPONSES).
 */
const validatedByExecute: jsonSchemaValidator = {
  getValidator: () => (input) => ({ valid: true, data: input as never, errorMessage: undefined }),
};

/** Lists change only with a deploy and are the same for every caller of one MCP URL but the site team. */
const listCache: CacheHint = { ttlMs: 300_000, cacheScope: 'public' };

/** One MCP request: its operation context, the tools its URL chose, and the toolsets' costs. */
export interface McpCall {
  context: OperationContext;
  selection: ToolSelection;
  costs: readonly ToolsetCost[];
}

/**
 * Returns the factory `createMcpHandler` calls once per HTTP request: a fresh server holding the
 * tools the request's URL chose, so no state outlives the request. `current` yields the request.
 */
export function mcpServerFactory(config: Config, tools: readonly ToolDefinition[], current: () => McpCall): () => McpServer {
  const registered = tools.map((tool) => ({
    tool,
    inputSchema: fromJsonSchema(tool.inputSchema as JsonSchemaType, validatedByExecute),
    outputSchema: tool.outputSchema && fromJsonSchema(tool.outputSchema as JsonSchemaType, validatedByExecute),
  }));
  // Built once: the factory runs for every MCP request.
  const registeredPrompts = prompts.map((prompt) => ({
    prompt,
    argsSchema: z.object(
      Object.fromEntries(
        prompt.arguments.map((a) => [
          a.name,
          a.required ? z.string().describe(a.description) : z.string().optional().describe(a.description),
        ]),
      ),
    ),
  }));
  return () => {
    const { context, selection, costs } = current();
    // An admin's list holds the admin toolset: theirs alone, never a shared cache's.
    const lists = context.principal?.admin ? { ...listCache, cacheScope: 'private' as const } : listCache;
    const server = new McpServer(
      { name: 'launch-directory', title: config.site.name, version: '1.0.0' },
      {
        // The journeys as prompts; an empty resource list rather than "method not found" for clients that ask.
        capabilities: { tools: { listChanged: false }, prompts: {}, resources: {} },
        cacheHints: {
          'server/discover': lists,
          'tools/list': lists,
          'prompts/list': listCache,
          'resources/list': listCache,
          'resources/templates/list': listCache,
        },
        instructions: instructionsFor(
          config,
          context.principal?.admin ? costs : costs.filter((cost) => cost.toolset !== 'admin'),
        ),
      },
    );
    for (const { tool, inputSchema, outputSchema } of registered) {
      if (!visibleTo(tool.op, context.principal) || !selects(selection, tool)) continue;
      server.registerTool(
        tool.name,
        { title: tool.title, description: tool.description, inputSchema, outputSchema, annotations: tool.annotations },
        (args) => callTool(tool.op, args, context),
      );
    }
    for (const { prompt, argsSchema } of registeredPrompts) {
      server.registerPrompt(prompt.name, { title: prompt.title, description: prompt.description, argsSchema }, (args) => ({
        description: prompt.description,
        messages: [
          { role: 'user', content: { type: 'text', text: promptText(prompt, args as Record<string, string | undefined>) } },
        ],
      }));
    }
    return server;
  };
}

/** What every tool has in common, said once here instead of in each description. */
function instructionsFor(config: Config, costs: readonly ToolsetCost[]): string {
  const openApi = `${config.publicUrl}${config.apiBasePath}/openapi.json`;
  return [
    `${config.site.name}: ${config.site.purpose}`,
    `Each tool is also the REST operation of the same name and returns the same JSON; its exact result schema is that operation's response in ${openApi}. Errors are tool errors carrying RFC 9457 problem details (a stable code, and errors naming each bad field).`,
    'Start with get_site_info. Tools marked "Public" work without sign-in; the others need OAuth sign-in (your client starts it when the server answers 401) or an API key, with the scope named.',
    `A tool with an idempotency_key argument changes something: pass a unique string to make a retry safe. The same key with the same arguments returns the first result for ${config.idempotencyTtlHours} h instead of repeating the change; with other arguments it is refused (422), and while the first call runs, 409.`,
    `Toolsets: by default you get every tool you may call; to read fewer, choose sets on this URL (/mcp?toolsets=catalogue,drafts) and add read_only=true for reads alone. ${costs
      .map((cost) => `${cost.toolset}: ${cost.tools} tools, ${cost.tokens} tokens`)
      .join('; ')}.`,
    'Payments: create_checkout returns a checkout link that the person opens to pay themselves. Never ask for card or payment details. There is no voting through this API.',
  ].join('\n');
}
