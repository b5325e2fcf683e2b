import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../platform/sql.js';
import { hashCredential, normaliseEmail } from '../domain/credentials.js';
import { mailboxOf } from '../domain/mailbox.js';
import { ensureUser, recordSignIn } from './users.js';

export interface PendingSignIn {
  email: string;
  returnTo: string | null;
}

/** A one-time sign-in token for an email address; only its hash is kept. */
export async function createSignInLink(
  em: EntityManager,
  email: string,
  returnTo: string | undefined,
  ttlMinutes: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await query(
    em,
    sql`insert into sign_in_link (token_hash, email, mailbox, return_to, expires_at) values (${hashCredential(token)}, ${normaliseEmail(email)}, ${mailboxOf(email)}, ${returnTo ?? null}, now() + make_interval(mins => ${ttlMinutes}))`,
  );
  return token;
}

/** How many links were sent to an address's mailbox lately (`a+x@` is `a@`): mail to one inbox is throttled. */
export async function recentSignInLinks(em: EntityManager, email: string, minutes: number): Promise<number> {
  const [row] = await query(
    em,
    sql<{
      n: number;
    }>`select count(*)::int as n from sign_in_link where mailbox = ${mailboxOf(email)} and created_at > now() - make_interval(mins => ${minutes})`,
  );
  return row.n;
}

/** What a still-usable link would sign in, without using it (for the confirmation page). */
export async function peekSignInLink(em: EntityManager, token: string): Promise<PendingSignIn | undefined> {
  const [row] = await query(
    em,
    sql<{
      email: string;
      return_to: string | null;
    }>`select email, return_to from sign_in_link where token_hash = ${hashCredential(token)} and used_at is null and expires_at > now()`,
  );
  return row && { email: row.email, returnTo: row.return_to };
}

/** Uses a link: exactly one caller wins, even when two requests race. */
export async function redeemSignInLink(em: EntityManager, token: string): Promise<PendingSignIn | undefined> {
  const [row] = await query(
    em,
    sql<{ email: string; return_to: string | null }>`update sign_in_link set used_at = now()
     where token_hash = ${hashCredential(token)} and used_at is null and expires_at > now() returning email, return_to`,
  );
  return row && { email: row.email, returnTo: row.return_to };
}

/** Signs in by a mailed link: uses it, and finds or creates the account of its address. */
export async function signInByLink(
  em: EntityManager,
  token: string,
): Promise<{ userId: number; returnTo: string | null } | undefined> {
  const pending = await redeemSignInLink(em, token);
  if (!pending) return undefined;
  const user = await ensureUser(em, pending.email);
  await recordSignIn(em, user.id);
  return { userId: user.id, returnTo: pending.returnTo };
}

export async function purgeSignInLinks(em: EntityManager): Promise<void> {
  await query(em, sql`delete from sign_in_link where expires_at < now() - interval '1 day'`);
}
