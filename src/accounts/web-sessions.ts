import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { prepared, query, sql, type ReadPool, type Sql } from '../platform/sql.js';
import { hashCredential } from '../domain/credentials.js';
import { userColumns, type UserRow } from './users.js';

/** Starts a browser session; the returned token goes into the cookie, its hash into the table. */
export async function startWebSession(em: EntityManager, userId: number, ttlDays: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await query(
    em,
    sql`insert into web_session (token_hash, user_id, expires_at) values (${hashCredential(token)}, ${userId}, now() + make_interval(days => ${ttlDays}))`,
  );
  return token;
}

/** The signed-in person, and whether they are on the site team (whose pages then act as admin). */
export interface SessionUser extends UserRow {
  admin: boolean;
}

/** The person of a live session (no row for none, for no token, or for a blocked account): the one check of a session cookie. */
export function liveSessionUser(token: string | null): Sql<SessionUser> {
  return sql<SessionUser>`select ${userColumns('u')}, u.role = 'admin' as admin
     from web_session s join app_user u on u.id = s.user_id
     where s.token_hash = ${token === null ? null : hashCredential(token)} and s.expires_at > now() and u.blocked_at is null`;
}

/** Whether a live session's account is blocked: asked only of a cookie without a live session's person. */
export async function sessionOfBlockedAccount(pool: ReadPool, token: string): Promise<boolean> {
  const rows = await prepared(
    pool,
    sql<{ one: number }>`select 1 as one from web_session s join app_user u on u.id = s.user_id
     where s.token_hash = ${hashCredential(token)} and s.expires_at > now() and u.blocked_at is not null`,
  );
  return rows.length > 0;
}

/** The live session's person; read on every signed-in request, so prepared, on the read pool. */
export async function webSessionUser(pool: ReadPool, token: string): Promise<SessionUser | undefined> {
  const [row] = await prepared(pool, liveSessionUser(token));
  return row;
}

export async function endWebSession(em: EntityManager, token: string): Promise<void> {
  await query(em, sql`delete from web_session where token_hash = ${hashCredential(token)}`);
}

export async function purgeWebSessions(em: EntityManager): Promise<void> {
  await query(em, sql`delete from web_session where expires_at < now()`);
}
