import type { ToolDefinition } from './tools.js';
import { toolsetNames, toolsetsOf, type Toolset } from './toolsets.js';

/** What choosing a toolset costs an agent: its tools, and the o200k tokens of their tools/list entries. */
export interface ToolsetCost {
  toolset: Toolset;
  tools: number;
  tokens: number;
}

/** A tool as tools/list sends it. */
function listed(tool: ToolDefinition) {
  const { name, title, description, inputSchema, outputSchema, annotations } = tool;
  return { name, title, description, inputSchema, ...(outputSchema ? { outputSchema } : {}), annotations };
}

/**
 * Counts each toolset's tokens in the schemas this process sends. The tokenizer's tables take
 * about a second and 100 MB to load, so a process loads them only when MCP is first used.
 */
export async function toolsetCosts(tools: readonly ToolDefinition[]): Promise<ToolsetCost[]> {
  const { Tiktoken } = await import('js-tiktoken/lite');
  const { default: o200kBase } = await import('js-tiktoken/ranks/o200k_base');
  const tokenizer = new Tiktoken(o200kBase);
  return toolsetNames.map((toolset) => {
    const members = tools.filter((tool) => toolsetsOf(tool.op).includes(toolset));
    return { toolset, tools: members.length, tokens: tokenizer.encode(JSON.stringify({ tools: members.map(listed) })).length };
  });
}
