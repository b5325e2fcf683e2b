import type { McpTestApp } from './support.js';

/**
 * Valid arguments for every tool whose call needs more than `{}`: a function may first create the
 * fixtures it needs. The parity test calls every registry tool with these (or `{}`), so an
 * operation added without a working example here fails that test.
 */
export type ToolExample = (app: McpTestApp) => Promise<Record<string, unknown>> | Record<string, unknown>;

export const toolExamples: Record<string, ToolExample> = {
  get_site_info: () => ({}),
};
