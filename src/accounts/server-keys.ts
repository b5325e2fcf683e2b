import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Config } from '../config.js';
import { forgetSharedSecret, sharedSecret } from '../platform/server-secrets.js';

export interface ServerKeys {
  /** Private signing keys of the OAuth server (ES256). */
  jwks: { keys: JWK[] };
  /** Cookie signing keys, newest first. */
  cookieKeys: string[];
  /** Keys the hash of a voter's network prefix, so the stored hash names no network to a reader of the database. */
  voteNetworkKey: string;
}

/** Keys from the configuration when the operator gives them, else generated once and shared. */
export async function loadServerKeys(em: EntityManager, config: Config): Promise<ServerKeys> {
  const jwks = config.auth.jwks
    ? config.auth.jwks
    : await sharedSecret(em, 'oauth_jwks', async () => ({ keys: [await newSigningKey()] }));
  const cookieKeys =
    config.auth.cookieKeys ?? (await sharedSecret(em, 'cookie_keys', async () => [randomBytes(32).toString('base64url')]));
  return { jwks, cookieKeys, voteNetworkKey: await voteNetworkKey(em, config) };
}

/**
 * The operator's key (production requires one), else one made and kept in PostgreSQL. A kept key
 * is deleted once the operator gives one: beside the hashes it made, it would reveal their networks.
 */
async function voteNetworkKey(em: EntityManager, config: Config): Promise<string> {
  if (!config.votes.networkKey) {
    return sharedSecret(em, 'vote_network_key', () => Promise.resolve(randomBytes(32).toString('base64url')));
  }
  await forgetSharedSecret(em, 'vote_network_key');
  return config.votes.networkKey;
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'ES256', use: 'sig' };
}
