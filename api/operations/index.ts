import type { Operation } from './registry.js';
import { siteOperations } from './site.js';
import { accountOperations } from './account.js';
import { draftOperations } from './drafts.js';

/** The registry: every operation of the service. REST, MCP and OpenAPI are all derived from it. */
export const operations: readonly Operation[] = [...siteOperations, ...accountOperations, ...draftOperations];
