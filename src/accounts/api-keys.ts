import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../platform/sql.js';
import { apiKeyPrefix, displayPrefix, hashCredential } from '../domain/credentials.js';
import { userColumns, type UserRow } from './users.js';

export interface ApiKeyRow {
  id: number;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** Creates a key and returns it once; afterwards only its hash and display prefix exist. */
export async function createApiKey(em: EntityManager, userId: number, name: string): Promise<{ key: string; row: ApiKeyRow }> {
  const key = `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;
  const [row] = await query(
    em,
    sql<ApiKeyRow>`insert into api_key (user_id, name, prefix, key_hash) values (${userId}, ${name}, ${displayPrefix(key)}, ${hashCredential(key)})
     returning id, name, prefix, created_at, last_used_at`,
  );
  return { key, row };
}

export async function listApiKeys(em: EntityManager, userId: number): Promise<ApiKeyRow[]> {
  return query(
    em,
    sql<ApiKeyRow>`select id, name, prefix, created_at, last_used_at from api_key where user_id = ${userId} and revoked_at is null order by id desc`,
  );
}

/** Revokes one of the user's keys; the next request with it fails. False when not theirs or gone. */
export async function revokeApiKey(em: EntityManager, userId: number, keyId: number): Promise<boolean> {
  const rows = await query(
    em,
    sql<{
      id: number;
    }>`update api_key set revoked_at = now() where id = ${keyId} and user_id = ${userId} and revoked_at is null returning id`,
  );
  return rows.length > 0;
}

/**
 * The owner of a live key (and whether they are on the site team), noting the use. last_used_at is written at most once a minute per key,
 * so busy keys do not turn every read into a write.
 */
export async function apiKeyOwner(
  em: EntityManager,
  key: string,
): Promise<(UserRow & { admin: boolean; blocked: boolean }) | undefined> {
  const [row] = await query(
    em,
    sql<
      UserRow & { admin: boolean; blocked: boolean; key_id: number; stale: boolean }
    >`select ${userColumns('u')}, u.role = 'admin' as admin, u.blocked_at is not null as blocked, k.id as key_id,
            (k.last_used_at is null or k.last_used_at < now() - interval '1 minute') as stale
     from api_key k join app_user u on u.id = k.user_id
     where k.key_hash = ${hashCredential(key)} and k.revoked_at is null`,
  );
  if (!row) return undefined;
  if (row.stale) await query(em, sql`update api_key set last_used_at = now() where id = ${row.key_id}`);
  const { key_id: _id, stale: _stale, ...user } = row;
  return user;
}
