import type { Context } from 'koa';
import type { z } from 'zod';
import type { UserRow } from '../../../src/accounts/users.js';
import type { AppDeps } from '../../deps.js';
import { execute, type RawInput } from '../../execute.js';
import { operationContext } from '../../operation-context.js';
import { scopes, type Operation, type Principal } from '../../operations/registry.js';

/** A web session acts for its person with every scope of the account, as their API key does; the site team's also as admin. */
export function sessionPrincipal(user: UserRow & { admin?: boolean }): Principal {
  return { userId: user.id, email: user.email, scopes: [...scopes], via: 'session', ...(user.admin ? { admin: true } : {}) };
}

/**
 * Runs an operation for the signed-in person through the one pipeline REST and MCP use (scope,
 * text rule, validation, handler), so a page enforces exactly what the API does and is refused
 * with the same problem. An idempotency key (a form's hidden one) makes a resent form answer like the first.
 */
export async function runAsOwner<O extends z.ZodType>(
  ctx: Context,
  deps: AppDeps,
  user: UserRow,
  op: Operation & { output: O },
  input: Partial<RawInput> = {},
  idempotencyKey?: string,
): Promise<z.output<O>> {
  const raw = { path: input.path ?? {}, query: input.query ?? {}, body: input.body };
  const result = await execute(op, raw, operationContext(ctx, deps, sessionPrincipal(user)), idempotencyKey);
  // The body is what the handler returned for this output (dates as Date until sent as JSON).
  return result.body as z.output<O>;
}
