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
