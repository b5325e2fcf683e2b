import type { CallToolResult } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import { AppError } from '../../src/errors.js';
import { execute, type RawInput } from '../execute.js';
import { failureOf, problemOf } from '../middleware/problem.js';
import type { Operation, OperationContext } from '../operations/registry.js';
import { idempotencyKeyArgument } from './tools.js';

/** Result `_meta` flag that mirrors the REST header `Idempotent-Replayed: true`. */
const replayedMetaKey = 'idempotentReplayed';

/**
 * Runs one tool call through the same pipeline as REST. Success: the REST JSON body as structured
 * content. Failure: a tool error whose structured content is the REST problem details.
 */
export async function callTool(op: Operation, args: unknown, ctx: OperationContext): Promise<CallToolResult> {
  try {
    const { input, idempotencyKey } = splitArguments(op, args);
    const result = await execute(op, input, ctx, idempotencyKey);
    return {
      structuredContent: result.body,
      content: [{ type: 'text', text: result.json ?? JSON.stringify(result.body) }],
      ...(result.replayed ? { _meta: { [replayedMetaKey]: true } } : {}),
    };
  } catch (thrown) {
    const error = failureOf(thrown, ctx.deps);
    if (error.status >= 500 && error.code !== 'unavailable') ctx.log.error({ err: thrown, tool: op.id }, 'tool call failed');
    const problem = problemOf(error, ctx.deps.config.publicUrl);
    return { isError: true, structuredContent: { ...problem }, content: [{ type: 'text', text: JSON.stringify(problem) }] };
  }
}

/**
 * Sorts flat tool arguments into the operation's path, query and body, the way a REST request
 * carries them. Names outside path and query go to the body when there is one (so a strict body
 * refuses them as REST does), else to the query (ignored there, as REST ignores them).
 */
export function splitArguments(op: Operation, args: unknown): { input: RawInput; idempotencyKey?: string } {
  const given = args ?? {};
  if (typeof given !== 'object' || Array.isArray(given)) {
    throw new AppError('invalid_input', 'Tool arguments must be a JSON object.', [
      { path: 'arguments', message: 'expected a JSON object' },
    ]);
  }
  const path: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  let idempotencyKey: string | undefined;
  for (const [name, value] of Object.entries(given)) {
    if (op.idempotencyKey && name === idempotencyKeyArgument) {
      if (typeof value !== 'string') {
        throw new AppError('invalid_input', `${idempotencyKeyArgument} must be a string.`, [
          { path: idempotencyKeyArgument, message: 'expected a string' },
        ]);
      }
      idempotencyKey = value;
    } else if (declares(op.input.path, name)) {
      path[name] = asParameter(value);
    } else if (op.input.body && !declares(op.input.query, name)) {
      body[name] = value;
    } else {
      query[name] = asParameter(value);
    }
  }
  return { input: { path, query, body: op.input.body ? body : undefined }, idempotencyKey };
}

function declares(schema: z.ZodObject | undefined, name: string): boolean {
  return schema !== undefined && Object.hasOwn(schema.shape, name);
}

/** REST receives path and query values as text; the same coercions then apply to typed JSON values. */
function asParameter(value: unknown): unknown {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(asParameter);
  return value;
}
