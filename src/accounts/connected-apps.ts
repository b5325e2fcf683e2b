import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../platform/sql.js';
import { hashCredential } from '../domain/credentials.js';
import { userColumns, type UserRow } from './users.js';

/** One grant a person gave an OAuth client, as /account lists it. */
export interface ConnectedAppRow {
  /** The SHA-256 of the grant id, under which the grant is stored: what the revoke form names. */
  key: string;
  client_id: string;
  /** The name a registered client gave itself; null for metadata document clients (not stored here). */
  client_name: string | null;
  /** Granted scopes by resource (audience URL), space-separated as oidc-provider keeps them. */
  resources: Record<string, string>;
  granted_at: Date;
  last_used_at: Date | null;
}

const grantKeyPattern = /^[0-9a-f]{64}$/;

/** The person's live grants, newest first, with the registered client's name where there is one. */
export async function listConnectedApps(em: EntityManager, userId: number): Promise<ConnectedAppRow[]> {
  return query(
    em,
    sql<ConnectedAppRow>`select g.id_hash as key, g.payload->>'clientId' as client_id, c.payload->>'client_name' as client_name,
       coalesce(g.payload->'resources', '{}'::jsonb) as resources,
       to_timestamp((g.payload->>'iat')::bigint) as granted_at, g.last_used_at
     from oauth_record g
     left join oauth_record c on c.kind = 'Client'
       and c.id_hash = encode(sha256(convert_to(g.payload->>'clientId', 'UTF8')), 'hex')
     where g.kind = 'Grant' and g.payload->>'accountId' = ${String(userId)} and (g.expires_at is null or g.expires_at > now())
     order by (g.payload->>'iat')::bigint desc, g.id_hash`,
  );
}

/**
 * Ends one of the person's grants with its codes and refresh tokens, in one statement; its access
 * tokens fail from the next request on (see grantHolder). False when not theirs, gone or no key.
 */
export async function revokeConnectedApp(em: EntityManager, userId: number, key: string): Promise<boolean> {
  if (!grantKeyPattern.test(key)) return false;
  const [row] = await query(
    em,
    sql<{ revoked: number }>`with grant_row as (
       delete from oauth_record where kind = 'Grant' and id_hash = ${key} and payload->>'accountId' = ${String(userId)}
       returning grant_id
     ), tokens as (
       delete from oauth_record where kind <> 'Grant' and grant_id in (select grant_id from grant_row)
     )
     select count(*)::int as revoked from grant_row`,
  );
  return row.revoked > 0;
}

/**
 * The person an access token acts for, if the grant it was issued under still exists for that
 * person and client: one primary-key lookup per request, so a revoked grant stops its access
 * tokens at once. last_used_at is written at most once a minute per grant.
 */
export async function grantHolder(
  em: EntityManager,
  token: { grantId: string; accountId: number; clientId: string },
): Promise<(UserRow & { blocked: boolean }) | undefined> {
  const idHash = hashCredential(token.grantId);
  const [row] = await query(
    em,
    sql<UserRow & { blocked: boolean; stale: boolean }>`select ${userColumns('u')}, u.blocked_at is not null as blocked,
            (g.last_used_at is null or g.last_used_at < now() - interval '1 minute') as stale
     from oauth_record g join app_user u on u.id = ${token.accountId}
     where g.kind = 'Grant' and g.id_hash = ${idHash} and g.payload->>'accountId' = ${String(token.accountId)}
       and g.payload->>'clientId' = ${token.clientId} and (g.expires_at is null or g.expires_at > now())`,
  );
  if (!row) return undefined;
  if (row.stale) await query(em, sql`update oauth_record set last_used_at = now() where kind = 'Grant' and id_hash = ${idHash}`);
  const { stale: _stale, ...user } = row;
  return user;
}
