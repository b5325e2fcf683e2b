import type { Config } from '../../src/config.js';

/** The protected resources: each is an OAuth audience with its own RFC 9728 metadata document. */
export const resourcePaths = ['/mcp', '/api/v1'] as const;
export type ResourcePath = (typeof resourcePaths)[number];

export function resourceUrl(config: Config, path: ResourcePath): string {
  return `${config.publicUrl}${path}`;
}

/** Which resource a request path belongs to, if any. */
export function resourcePathOf(path: string): ResourcePath | undefined {
  return resourcePaths.find((p) => path === p || path.startsWith(`${p}/`));
}
