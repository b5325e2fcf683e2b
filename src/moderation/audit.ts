import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../platform/sql.js';

/** Who acts, and through what: a page, the CLI, the API or MCP. */
export interface Actor {
  userId: number | null;
  email: string;
  via: 'page' | 'cli' | 'api' | 'mcp' | 'workflow';
}

export interface AuditEntry {
  action: string;
  itemKind: string;
  itemId: string;
  ground?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Appends one row to the audit log, in the caller's transaction: the action and its record commit together. */
export async function appendAudit(em: EntityManager, actor: Actor, entry: AuditEntry): Promise<void> {
  await query(
    em,
    sql`insert into audit_log (actor_id, actor_email, via, action, item_kind, item_id, ground, before, after)
      values (${actor.userId}, ${actor.email}, ${actor.via}, ${entry.action}, ${entry.itemKind}, ${entry.itemId},
        ${entry.ground ?? null}, ${entry.before === undefined ? null : JSON.stringify(entry.before)}::jsonb,
        ${entry.after === undefined ? null : JSON.stringify(entry.after)}::jsonb)`,
  );
}

export interface AuditRow {
  id: number;
  at: string;
  actor_email: string;
  via: string;
  action: string;
  item_kind: string;
  item_id: string;
  ground: string | null;
  before: unknown;
  after: unknown;
}

/** The newest rows first, `limit` at most. */
export function listAudit(em: EntityManager, limit = 200): Promise<AuditRow[]> {
  return query(
    em,
    sql<AuditRow>`select id::int as id, iso_utc(at) as at, actor_email, via, action, item_kind, item_id, ground, before, after
      from audit_log order by id desc limit ${limit}`,
  );
}
