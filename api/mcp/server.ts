import {
  fromJsonSchema,
  McpServer,
  type CacheHint,
  type JsonSchemaType,
  type jsonSchemaValidator,
} from '@modelcontextprotocol/server';
import type { Config } from '../../src/config.js';
import { visibleTo, type OperationContext } from '../operations/registry.js';
import { callTool } from './call.js';
import type { ToolDefinition } from './tools.js';

/**
 * The SDK checks arguments against the advertised schema before a tool runs and answers a
 * failure as plain text. Arguments are validated in execute() instead, where a failure becomes
 * the same problem details as REST, so the SDK's check accepts everything; results are checked
 * against their output schema in execute() too (VALIDATE_RESPONSES).
 */
const validatedByExecute: jsonSchemaValidator = {
  getValidator: () => (input) => ({ valid: true, data: input as never, errorMessage: undefined }),
};

/** Lists change only with a deploy and are the same for every caller but the site team. */
const listCache: CacheHint = { ttlMs: 300_000, cacheScope: 'public' };

/**
 * Returns the factory `createMcpHandler` calls once per HTTP request: a fresh server holding every
 * tool, so no state outlives the request. `context` yields the calling request's OperationContext.
 */
export function mcpServerFactory(
  config: Config,
  tools: readonly ToolDefinition[],
  context: () => OperationContext,
): () => McpServer {
  const registered = tools.map((tool) => ({
    tool,
    inputSchema: fromJsonSchema(tool.inputSchema as JsonSchemaType, validatedByExecute),
    outputSchema: tool.outputSchema && fromJsonSchema(tool.outputSchema as JsonSchemaType, validatedByExecute),
  }));
  const instructions = instructionsFor(config);
  return () => {
    const principal = context().principal;
    // An admin's list holds the admin toolset: theirs alone, never a shared cache's.
    const lists = principal?.admin ? { ...listCache, cacheScope: 'private' as const } : listCache;
    const server = new McpServer(
      { name: 'launch-directory', title: config.site.name, version: '1.0.0' },
      {
        // Empty prompt and resource lists rather than "method not found" for clients that ask.
        capabilities: { tools: { listChanged: false }, prompts: {}, resources: {} },
        cacheHints: {
          'server/discover': lists,
          'tools/list': lists,
          'prompts/list': listCache,
          'resources/list': listCache,
          'resources/templates/list': listCache,
        },
        instructions,
      },
    );
    for (const { tool, inputSchema, outputSchema } of registered) {
      if (!visibleTo(tool.op, principal)) continue;
      server.registerTool(
        tool.name,
        { title: tool.title, description: tool.description, inputSchema, outputSchema, annotations: tool.annotations },
        (args) => callTool(tool.op, args, context()),
      );
    }
    return server;
  };
}

/** What every tool has in common, said once here instead of in each description. */
function instructionsFor(config: Config): string {
  const openApi = `${config.publicUrl}${config.apiBasePath}/openapi.json`;
  return [
    `${config.site.name}: ${config.site.purpose}`,
    `Each tool is also the REST operation of the same name and returns the same JSON; its exact result schema is that operation's response in ${openApi}. Errors are tool errors carrying RFC 9457 problem details (a stable code, and errors naming each bad field).`,
    'Start with get_site_info. Tools marked "Public" work without sign-in; the others need OAuth sign-in (your client starts it when the server answers 401) or an API key, with the scope named.',
    `A tool with an idempotency_key argument changes something: pass a unique string to make a retry safe. The same key with the same arguments returns the first result for ${config.idempotencyTtlHours} h instead of repeating the change; with other arguments it is refused (422), and while the first call runs, 409.`,
    'Payments: create_checkout returns a checkout link that the person opens to pay themselves. Never ask for card or payment details. There is no voting through this API.',
  ].join('\n');
}
