import { z } from 'zod';
import { AppError, type FieldError } from '../src/errors.js';
import { JsonText } from '../src/platform/json-text.js';
import { listingProfileKey } from '../src/platform/read-cache.js';
import { countOperation } from '../src/platform/metrics.js';
import { withIdempotency } from './middleware/idempotency.js';
import { failureOf } from './middleware/problem.js';
import { refuseUnsafeText } from './middleware/text-input.js';
import { outputDrift } from './output-check.js';
import { adminScope, successStatusOf, visibleTo, type Operation, type OperationContext } from './operations/registry.js';

/** Raw input as a transport received it, before validation. */
export interface RawInput {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

export interface Execution {
  status: number;
  body: object;
  /** The body as JSON text, when it came serialized (from PostgreSQL or the shared read cache). */
  json?: string;
  replayed: boolean;
}

/**
 * The one pipeline every operation runs through, whichever transport called it: scope check,
 * the text rule, validation, Idempotency-Key or the shared read cache, handler. REST and MCP only
 * adapt its input and output.
 */
export function execute(op: Operation, raw: RawInput, ctx: OperationContext, idempotencyKey?: string): Promise<Execution> {
  const startedAt = process.hrtime.bigint();
  // Counted in reactions, not an async frame of its own: every read runs through here.
  return executeOnce(op, raw, ctx, idempotencyKey).then(
    (result) => {
      countOperation(op.id, result.status, startedAt);
      return result;
    },
    (error: unknown) => {
      countOperation(op.id, failureOf(error, ctx.deps).status, startedAt);
      throw error;
    },
  );
}

async function executeOnce(op: Operation, raw: RawInput, ctx: OperationContext, idempotencyKey?: string): Promise<Execution> {
  authorize(op, ctx);
  refuseUnsafeText({ path: raw.path, query: raw.query, body: raw.body });
  const input: Input = {
    path: parsePart(op.input.path, raw.path, 'path'),
    query: parsePart(op.input.query, raw.query, 'query'),
    body: parsePart(op.input.body, raw.body ?? {}, 'body'),
    idempotencyKey: op.idempotencyKey ? idempotencyKey : undefined,
  };
  // The reads are passed inline, not as named closures: tsx defines the name of each named closure
  // as it is made, a cost on every call of the hottest path.
  if (op.sharedResult) {
    const { value, json } = await ctx.deps.readCache.get(
      sharedKey(op, input, ctx),
      () => handle(op, input, ctx),
      cacheMs(op, ctx),
    );
    if (value instanceof JsonText) return new TextExecution(op.successStatus, value);
    return { status: op.successStatus, body: value, json, replayed: false };
  }
  if (!op.idempotencyKey || idempotencyKey === undefined) return { ...(await run(op, input, ctx)), replayed: false };
  return withIdempotency(ctx, op, idempotencyKey, { path: input.path, query: input.query, body: raw.body ?? null }, () =>
    run(op, input, ctx),
  );
}

/** Validated input, as a handler receives it. */
interface Input {
  path: unknown;
  query: unknown;
  body: unknown;
  idempotencyKey: string | undefined;
}

/** Where a shared result is kept: a listing's profile by its slug, any other read by its validated input. */
function sharedKey(op: Operation, input: Input, ctx: OperationContext): string {
  return op.sharedResult === 'until-listing-changes'
    ? listingProfileKey(ctx.site.id, (input.path as { slug: string }).slug)
    : // Validated input is the key, so equivalent requests (parameters in another order) share it.
      `${op.id}:${ctx.site.id}:${JSON.stringify(input)}`;
}

/** How long a shared result is kept: a listing's profile for its own time, any other read the cache's. */
function cacheMs(op: Operation, ctx: OperationContext): number | undefined {
  return op.sharedResult === 'until-listing-changes' ? ctx.deps.config.listingProfileCacheMs : undefined;
}

/** The handler's answer, held to the output schema when the config asks for it. */
async function handle(op: Operation, input: Input, ctx: OperationContext): Promise<object> {
  const body = await op.handler(input as never, ctx);
  if (ctx.deps.config.validateResponses) {
    const drift = outputDrift(op, body instanceof JsonText ? body.value() : body);
    if (drift.length) throw new Error(`${op.id} answered outside its output schema:\n  ${drift.join('\n  ')}`);
  }
  return body;
}

async function run(op: Operation, input: Input, ctx: OperationContext): Promise<{ status: number; body: object }> {
  const result = await handle(op, input, ctx);
  const body = result instanceof JsonText ? (result.value() as object) : result;
  return { status: successStatusOf(op, body), body };
}

/**
 * An answer that came as JSON text: REST sends the text, and the body is parsed only if a
 * transport reads it. A class, so that every such answer shares one hidden class.
 */
class TextExecution implements Execution {
  readonly replayed = false;

  constructor(
    readonly status: number,
    private readonly answer: JsonText<unknown>,
  ) {}

  get body(): object {
    return this.answer.value() as object;
  }

  get json(): string {
    return this.answer.text;
  }
}

export function authorize(op: Operation, ctx: Pick<OperationContext, 'principal'>): void {
  if (!visibleTo(op, ctx.principal)) throw new AppError('not_found', 'This resource was not found.');
  if (!op.scope || op.scope === adminScope) return;
  if (!ctx.principal)
    throw new AppError('unauthorized', 'This operation needs sign-in: send an API key or OAuth access token as a Bearer token.');
  if (!ctx.principal.scopes.includes(op.scope)) {
    throw new AppError('insufficient_scope', `This operation needs the scope ${op.scope}.`, [], { scope: op.scope });
  }
}

function parsePart(schema: z.ZodType | undefined, value: unknown, where: 'path' | 'query' | 'body'): unknown {
  if (!schema) return undefined;
  if (where === 'body' && (value === null || typeof value !== 'object' || Array.isArray(value))) {
    throw new AppError('invalid_input', 'The request body must be a JSON object.', [
      { path: 'body', message: 'expected a JSON object' },
    ]);
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AppError(
    'invalid_input',
    `Invalid ${where === 'body' ? 'request body' : `${where} parameters`}.`,
    fieldErrors(parsed.error, where),
  );
}

export function fieldErrors(error: z.ZodError, where: string): FieldError[] {
  return error.issues.flatMap((issue) => {
    const base = [where, ...issue.path.map(String)];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: [...base, key].join('.'), message: 'unknown property' }));
    }
    return [{ path: base.join('.'), message: issue.message }];
  });
}
