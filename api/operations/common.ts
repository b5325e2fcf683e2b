import { z } from 'zod';
import { pageBounds } from '../../src/domain/pagination.js';

/** Schemas shared by many operations, so a bound is written once. */

export const slug = z
  .string()
  .max(220)
  .regex(/^[a-z0-9][a-z0-9-]{0,219}$/, 'must match ^[a-z0-9][a-z0-9-]{0,219}$');

export const pagination = {
  page: z.coerce
    .number()
    .int()
    .min(pageBounds.page.min)
    .max(pageBounds.page.max)
    .default(pageBounds.page.default)
    .describe('Page number, 1 to 1000.'),
  per_page: z.coerce
    .number()
    .int()
    .min(pageBounds.perPage.min)
    .max(pageBounds.perPage.max)
    .default(pageBounds.perPage.default)
    .describe('Items per page, 1 to 100.'),
};

export const paginationQuery = z.object(pagination);

/** A query-string boolean: only the words true and false. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

export const countryCode = z.string().regex(/^[A-Za-z]{2}$/, 'must be two letters (ISO 3166-1 alpha-2)');

/** What every public read shares: no sign-in, no Idempotency-Key, 200, one result for every caller. */
export const publicRead = { scope: null, idempotencyKey: false, successStatus: 200, sharedResult: 'briefly' } as const;

/**
 * Text rules a JSON Schema can state, so OpenAPI says exactly what is refused: each is one
 * pattern, and the server checks the same pattern.
 */

/** What String.prototype.trim removes; listed so that every regex engine reads the class alike. */
const space = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
/** The control characters the edge refuses (see api/middleware/text-input.ts). */
const control = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f';
/** Not only white space, and no control character; said with a lookahead, as it is read by every agent. */
const notBlankPattern = new RegExp(`^(?![${space}]*$)[^${control}]*$`);

/** Text with at least one character that is not white space. */
export const nonBlankText = (max: number, message = 'must not be blank') => z.string().max(max).regex(notBlankPattern, message);

/** zod's address pattern, with at most 64 characters before the @ (one pattern, so schemas keep `format: email`). */
const reachableEmail = new RegExp(`^(?=[^@]{1,64}@)${z.regexes.email.source.slice(1)}`);

/** An address mail can reach: SMTP carries at most 64 characters before the @, and 254 in all (RFC 5321). */
export const emailAddress = (params: string | { error?: (issue: { input?: unknown }) => string } = {}) =>
  z.email({ ...(typeof params === 'string' ? { error: params } : params), pattern: reachableEmail }).max(254);

/** A host name of dot-separated labels ending in a letter label, as every URL parser takes it. */
const host = '([A-Za-z0-9]+(-[A-Za-z0-9]+)*\\.)+[A-Za-z]([A-Za-z0-9]*(-[A-Za-z0-9]+)*)?\\.?';
/** A port 0-65535, digit by digit, since a pattern cannot compare numbers. */
const port = '(:([0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?';
/** Path, query and fragment in printable ASCII that URL parsers keep as typed (no percent-encoding). */
const rest = '([/?#][!#-&(-;=?-\\[\\]-_a-z|~]*)?';

/** An absolute web link: `https` only, or http and https. */
export const webUrl = (max: number, schemes: 'https' | 'http(s)') =>
  z
    .string()
    .max(max)
    .regex(
      new RegExp(`^${schemes === 'https' ? 'https' : 'https?'}://${host}${port}${rest}$`),
      `must be an ${schemes} link to a host name (e.g. https://example.com/page)`,
    );

/**
 * A website as a person types it: an http(s) link, or a bare domain name without a port (taken as
 * https). Either way the link kept is at most `max` characters, so a bare name leaves room for
 * `https://` and a closing `/`.
 */
export const websiteOrDomain = (max: number) =>
  z.union(
    [
      z
        .string()
        .max(max - 1)
        .regex(new RegExp(`^https?://${host}${port}${rest}$`)),
      z
        .string()
        .max(max - 9)
        .regex(new RegExp(`^${host}${rest}$`)),
    ],
    {
      error: `must be an http(s) URL (max ${max - 1} characters) or a domain name (max ${max - 9}), e.g. example.com`,
    },
  );
