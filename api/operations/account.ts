import { notFound } from '../../src/errors.js';
import { account as accountOutput } from '../../src/accounts/schemas.js';
import { findUserById } from '../../src/accounts/users.js';
import { defineOperation } from './registry.js';

export const getAccount = defineOperation({
  id: 'get_account',
  method: 'GET',
  path: '/me',
  tag: 'Account',
  summary: 'Who the caller is, how it signed in and what its access allows',
  description:
    'Returns the account behind the credential (id, email, name, since when), how the call authenticated (api_key or oauth, with the OAuth client id) and the scopes it holds. An API key holds every scope of its owner. Free and read-only; call it to check that a key or token works before making changes.',
  scope: 'account:read',
  idempotencyKey: false,
  successStatus: 200,
  input: {},
  output: accountOutput,
  async handler(_input, { em, principal }) {
    const user = await findUserById(em, principal!.userId);
    if (!user) throw notFound('The account');
    return {
      user: { id: user.id, email: user.email, name: user.name, created_at: user.created_at },
      auth: { via: principal!.via, client_id: principal!.clientId ?? null, scopes: principal!.scopes },
    };
  },
});

export const accountOperations = [getAccount];
