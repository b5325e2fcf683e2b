import { createLocalJWKSet, jwtVerify, type JWK, type JWTPayload } from 'jose';
import type { AppDeps } from '../deps.js';

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  client_id: string;
  /** The grant the token was issued under; the API checks it still exists. */
  grant_id: string;
  scope?: string;
}

const publicMembers = ['kty', 'crv', 'x', 'y', 'n', 'e', 'kid', 'alg', 'use'] as const;

/**
 * Verifies the OAuth server's JWT access tokens locally (same keys, no network): signature,
 * issuer, the audience of the resource being called, expiry and the at+jwt type, so an ID token
 * or a token for the other resource is refused. Whether its grant still exists is the caller's check.
 */
export function accessTokenVerifier(deps: AppDeps): (token: string, audience: string) => Promise<AccessTokenClaims> {
  const keys = deps.keys.jwks.keys.map(
    (k) => Object.fromEntries(publicMembers.filter((m) => m in k).map((m) => [m, k[m]])) as JWK,
  );
  const keySet = createLocalJWKSet({ keys });
  const algorithms = [...new Set(keys.map((k) => k.alg ?? 'ES256'))];
  return async (token, audience) => {
    const { payload } = await jwtVerify<AccessTokenClaims>(token, keySet, {
      issuer: deps.config.publicUrl,
      audience,
      typ: 'at+jwt',
      algorithms,
      requiredClaims: ['exp', 'iat', 'sub', 'client_id', 'jti', 'grant_id'],
      clockTolerance: 5,
    });
    return payload;
  };
}
