import { createHash } from 'node:crypto';
import { AppError } from '../../src/errors.js';
import { IdempotencyStore } from '../../src/platform/idempotency.js';
import type { Operation, OperationContext } from '../operations/registry.js';
import type { Execution } from '../execute.js';

/** 1 to 255 visible ASCII characters; also the header's schema in OpenAPI. */
export const idempotencyKeyPattern = /^[!-~]{1,255}$/;

/**
 * Idempotency-Key semantics (docs/architecture.md, Contracts at the edge): the first success is stored for the retention
 * time and replayed for the same key and body; another body is 422; a key still running is 409.
 * Failures are not stored, so a corrected retry with the same key runs again.
 */
export async function withIdempotency(
  ctx: OperationContext,
  op: Operation,
  key: string,
  request: unknown,
  run: () => Promise<{ status: number; body: object }>,
): Promise<Execution> {
  if (!idempotencyKeyPattern.test(key)) {
    throw new AppError('invalid_input', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', [
      { path: 'header.Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' },
    ]);
  }
  const store = new IdempotencyStore(ctx.em);
  const caller = callerOf(ctx);
  const claim = await store.claim(caller, key, op.id, hashOf(request), ctx.deps.config.idempotencyTtlHours);
  switch (claim.kind) {
    case 'mismatch':
      throw new AppError('idempotency_key_reused', 'This Idempotency-Key was already used with a different request.');
    case 'running':
      throw new AppError('conflict', 'A request with this Idempotency-Key is still being processed; retry shortly.', [], {
        retryAfterSeconds: 1,
      });
    case 'done':
      return { status: claim.status, body: claim.body, replayed: true };
  }
  try {
    const result = await run();
    await store.complete(caller, key, result.status, result.body);
    return { ...result, replayed: false };
  } catch (error) {
    await store.release({ caller, key, claimedAt: claim.claimedAt });
    throw error;
  }
}

function callerOf(ctx: OperationContext): string {
  return ctx.principal ? `user:${ctx.principal.userId}` : `ip:${ctx.clientIp}`;
}

function hashOf(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

/** JSON with sorted keys, so that the same body in another key order counts as the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
