import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { hashCredential } from '../domain/credentials.js';
import { userColumns, type UserRow } from './users.js';

/** Starts a browser session; the returned token goes into the cookie, its hash into the table. */
export async function startWebSession(em: EntityManager, userId: number, ttlDays: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await em.getConnection().execute(
    'insert into web_session (token_hash, user_id, expires_at) values (?, ?, now() + make_interval(days => ?))',
    [hashCredential(token), userId, ttlDays],
  );
  return token;
}

export async function webSessionUser(em: EntityManager, token: string): Promise<UserRow | undefined> {
  const [row] = await em.getConnection().execute<UserRow[]>(
    `select ${userColumns('u')}
     from web_session s join app_user u on u.id = s.user_id
     where s.token_hash = ? and s.expires_at > now()`,
    [hashCredential(token)],
  );
  return row;
}

export async function endWebSession(em: EntityManager, token: string): Promise<void> {
  await em.getConnection().execute('delete from web_session where token_hash = ?', [hashCredential(token)]);
}

export async function purgeWebSessions(em: EntityManager): Promise<void> {
  await em.getConnection().execute('delete from web_session where expires_at < now()');
}
