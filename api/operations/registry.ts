import type { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../deps.js';
import type { SiteRow } from '../../src/catalogue/site-info.js';
import type { Logger } from '../../src/logger.js';
import type { JsonText } from '../../src/platform/json-text.js';

export const scopes = ['account:read', 'listings:write', 'orders:write'] as const;
export type Scope = (typeof scopes)[number];

/** What each scope allows, as shown on the consent page and in OpenAPI. */
export const scopeDescriptions: Record<Scope, string> = {
  'account:read': 'Read your account, drafts, listings, claims and orders.',
  'listings:write': 'Change your drafts, listings and claims.',
  'orders:write': 'Quote orders and create checkout links.',
};

/** Who is calling: a bearer (API key or OAuth access token), or the person signed in to a web page (session). */
export interface Principal {
  userId: number;
  email: string;
  scopes: readonly Scope[];
  via: 'api_key' | 'oauth' | 'session';
  clientId?: string;
  /** On the site team (role admin), by an API key or a web session: never through an OAuth application. */
  admin?: true;
}

/** An operation of the site team: it exists only for an admin; everyone else gets 404 and never sees it listed. */
export const adminScope = 'admin';

export function visibleTo(op: Pick<Operation, 'scope'>, principal: Principal | null | undefined): boolean {
  return op.scope !== adminScope || principal?.admin === true;
}

/** Everything a handler may use; identical for a REST request and an MCP tool call. */
export interface OperationContext {
  deps: AppDeps;
  em: EntityManager;
  site: SiteRow;
  principal: Principal | null;
  clientIp: string;
  requestId: string;
  log: Logger;
}

type AnyObject = z.ZodObject<z.ZodRawShape>;
/** A body is an object, or objects told apart by one field when the fields allowed depend on it. */
export type AnyBody = AnyObject | z.ZodDiscriminatedUnion<AnyObject[]>;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface OperationInput<P, Q, B> {
  path: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  /** The request's Idempotency-Key, for an operation that takes one: what it builds can be found again by it. */
  idempotencyKey?: string;
}

/** What a handler may return for an output type: as JSON will carry it (a Date is sent as its ISO string). */
export type Wire<T> = T extends string
  ? T | Date
  : T extends readonly (infer U)[]
    ? readonly Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

export interface Operation<
  P extends AnyObject | undefined = AnyObject | undefined,
  Q extends AnyObject | undefined = AnyObject | undefined,
  B extends AnyBody | undefined = AnyBody | undefined,
  O extends z.ZodType<object> = z.ZodType<object>,
> {
  /** Tool name = OpenAPI operationId = handler name. */
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the REST base, with `{param}` placeholders as in the specification. */
  path: string;
  tag: string;
  summary: string;
  /** What it does, when to use it, and what it costs: read by people and by models. */
  description: string;
  /** The scope a caller needs; `admin` for the site team's operations (the admin toolset). */
  scope: Scope | typeof adminScope | null;
  /** Accepts Idempotency-Key (the specification's IK). */
  idempotencyKey: boolean;
  successStatus: 200 | 201;
  /**
   * A create operation that may answer a record that already existed (marked by `existingRecord`)
   * with 200 instead of 201: what that 200 means, for OpenAPI.
   */
  existingAnswer?: string;
  /**
   * The result is the same for every caller (a public read), so an api process may answer it again
   * from memory and run the handler only on a miss: `briefly` for up to PUBLIC_READ_CACHE_MS;
   * `until-listing-changes` (one listing's profile, by its `slug` path parameter) until PostgreSQL
   * announces a change of that listing, or LISTING_PROFILE_CACHE_MS at most.
   */
  sharedResult?: 'briefly' | 'until-listing-changes';
  /**
   * Refusals the operation's shape does not imply, each with when it happens, for OpenAPI: e.g. 404
   * when a query parameter names something that must exist, 409 for a state that forbids the call.
   * (Implied: 400 and 429 always; 401 and 403 with a scope; 404 with path parameters; 409 and 422
   * with Idempotency-Key; 413 and 415 with a body.)
   */
  refusals?: Partial<Record<404 | 409 | 422, string>>;
  input: { path?: P; query?: Q; body?: B };
  /** The success response: published in OpenAPI and as the MCP tool's outputSchema, checked in tests. */
  output: O;
  /**
   * What outside this service a call may reach, directly or through the lifecycle it starts
   * (crawls, DNS lookups, mail, the payment provider, VIES, the AI endpoint); none when absent.
   * MCP's openWorldHint is derived from it.
   */
  reaches?: readonly Reach[];
  /** A POST that changes nothing (it only computes an answer), for MCP's readOnlyHint. */
  changesNothing?: true;
  /** May answer JSON text kept ready (`JsonText`), which REST sends without parsing it. */
  handler: (input: OperationInput<P, Q, B>, ctx: OperationContext) => Promise<Wire<z.output<O>> | JsonText<Wire<z.output<O>>>>;
}

/**
 * Something outside the service (and its PostgreSQL and Temporal) that an operation may reach:
 * websites (crawler, Chromium), DNS, mail, the payment provider, VIES, the AI endpoint.
 */
export type Reach = 'web' | 'dns' | 'mail' | 'payments' | 'vies' | 'ai';

/** MCP tool annotations, derived from the method, `changesNothing` and `reaches`. */
export interface OperationHints {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  openWorld: boolean;
}

export function defineOperation<
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends AnyBody | undefined = undefined,
  O extends z.ZodType<object> = z.ZodType<object>,
>(op: Operation<P, Q, B, O>): Operation & { output: O } {
  return op;
}

const existingRecords = new WeakSet<object>();

/** Marks a handler's result as a record that already existed: the operation answers 200, not 201. */
export function existingRecord<T extends object>(body: T): T {
  existingRecords.add(body);
  return body;
}

/** The success status of one result: 200 for an existing record, else the operation's own. */
export function successStatusOf(op: Operation, body: object): number {
  return op.existingAnswer && existingRecords.has(body) ? 200 : op.successStatus;
}

/**
 * GET (or a POST that changes nothing) only reads; PUT, PATCH and DELETE replace or remove what was
 * there, POST adds; a repeat of GET, PUT or DELETE changes nothing more; anything reached outside
 * the service makes the world open.
 */
export function hintsOf(op: Operation): OperationHints {
  const readOnly = op.method === 'GET' || op.changesNothing === true;
  return {
    readOnly,
    destructive: !readOnly && ['PUT', 'PATCH', 'DELETE'].includes(op.method),
    idempotent: readOnly || op.method === 'PUT' || op.method === 'DELETE',
    openWorld: (op.reaches ?? []).length > 0,
  };
}
