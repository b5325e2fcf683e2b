import { z } from 'zod';

/** What get_account answers (see src/catalogue/schemas.ts). */
export const account = z.object({
  user: z.object({
    id: z.int(),
    email: z.string(),
    name: z.string().nullable(),
    created_at: z.string().describe('A time in UTC, ISO 8601.'),
  }),
  auth: z.object({
    via: z.enum(['api_key', 'oauth', 'session']).describe('session: a page of this site, for the person signed in to it.'),
    client_id: z.string().nullable().describe('The OAuth client, when the call came through one.'),
    scopes: z.array(z.enum(['account:read', 'listings:write', 'orders:write'])),
  }),
});
