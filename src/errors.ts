/**
 * Failures the core reports to its callers. The HTTP edge turns each code into a status and a
 * problem+json body; MCP turns it into a tool error with the same body.
 */
export const errorCodes = {
  invalid_input: 400,
  unauthorized: 401,
  forbidden: 403,
  insufficient_scope: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  draft_not_ready: 409,
  already_listed: 409,
  promo_code_refused: 400,
  idempotency_key_reused: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export interface FieldError {
  path: string;
  message: string;
}

/** Facts an edge needs to answer well: the scope to ask for, when to retry. */
export interface ErrorMeta {
  scope?: string;
  retryAfterSeconds?: number;
  /** RFC 6750 error code for the Bearer challenge, when credentials were sent but refused. */
  bearerError?: 'invalid_token';
  /** The methods a path answers, for the `Allow` header of a 405. */
  allow?: string[];
  /** The listing that already holds a submitted domain (already_listed), as a problem extension member. */
  listing?: ListedElsewhere;
}

export interface ListedElsewhere {
  slug: string;
  name: string;
  url: string;
  claim_url: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors: FieldError[] = [],
    readonly meta: ErrorMeta = {},
  ) {
    super(message);
  }

  get status(): number {
    return errorCodes[this.code];
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} was not found.`);
