import { AppError } from '../../src/errors.js';
import { adminScope, type Operation } from '../operations/registry.js';
import type { ToolDefinition } from './tools.js';

/**
 * The toolsets a client may choose on the MCP URL (docs/architecture.md, MCP): `catalogue` is
 * every public operation and `admin` every operation of the site team (listed to admins alone);
 * the others are named here. A tool may sit in more than one set.
 */
const named = {
  account: ['get_account', 'list_my_cases'],
  drafts: ['submit_listing', 'list_my_drafts', 'get_draft', 'update_draft', 'invite_cofounder', 'submit_draft'],
  listings: [
    'list_my_listings',
    'get_my_listing',
    'update_my_listing',
    'post_listing_update',
    'add_milestone',
    'delete_milestone',
    'set_founder_story',
    'answer_interview',
    'get_listing_stats',
  ],
  publishing: [
    'get_my_listing',
    'choose_free_listing',
    'answer_interview',
    'set_founder_story',
    'list_products',
    'quote_order',
    'create_checkout',
    'list_my_orders',
    'get_order',
  ],
  claims: ['claim_listing', 'verify_claim', 'list_my_claims', 'get_claim'],
} as const satisfies Record<string, readonly string[]>;

export const toolsetNames = ['catalogue', ...(Object.keys(named) as Array<keyof typeof named>), 'admin'] as const;
export type Toolset = (typeof toolsetNames)[number];

/** The sets an operation belongs to. */
export function toolsetsOf(op: Operation): Toolset[] {
  const sets: Toolset[] = op.scope === null ? ['catalogue'] : op.scope === adminScope ? ['admin'] : [];
  for (const [set, ids] of Object.entries(named) as Array<[Toolset, readonly string[]]>) {
    if (ids.includes(op.id)) sets.push(set);
  }
  return sets;
}

/** What a client chose on the MCP URL: some toolsets (all when null), and whether only reads. */
export interface ToolSelection {
  toolsets: ReadonlySet<Toolset> | null;
  readOnly: boolean;
}

export const everyTool: ToolSelection = { toolsets: null, readOnly: false };

/** Reads `?toolsets=a,b` and `?read_only=true|false`; anything else in them is a 400 naming what is valid. */
export function toolSelectionOf(query: Record<string, string | string[] | undefined>): ToolSelection {
  const single = (name: string) => {
    const value = query[name];
    if (Array.isArray(value)) throw invalid(name, `Give ${name} once.`);
    return value;
  };
  const sets = single('toolsets');
  const readOnly = single('read_only');
  if (readOnly !== undefined && readOnly !== 'true' && readOnly !== 'false') {
    throw invalid('read_only', 'read_only is true or false.');
  }
  let toolsets: Set<Toolset> | null = null;
  if (sets !== undefined) {
    const chosen = sets.split(',').map((name) => name.trim());
    const unknown = chosen.filter((name) => !(toolsetNames as readonly string[]).includes(name));
    if (unknown.length > 0) {
      const list = unknown.map((name) => (name ? `"${name}"` : 'an empty name')).join(', ');
      throw invalid('toolsets', `Unknown toolset ${list}. The toolsets are ${toolsetNames.join(', ')}.`);
    }
    toolsets = new Set(chosen as Toolset[]);
  }
  return { toolsets, readOnly: readOnly === 'true' };
}

/** Whether a selection includes a tool. */
export function selects(selection: ToolSelection, tool: ToolDefinition): boolean {
  if (selection.readOnly && tool.annotations.readOnlyHint !== true) return false;
  return selection.toolsets === null || toolsetsOf(tool.op).some((set) => selection.toolsets!.has(set));
}

function invalid(path: string, message: string): AppError {
  return new AppError('invalid_input', message, [{ path, message }]);
}
