import type { EntityManager } from '@mikro-orm/postgresql';
import { normaliseEmail } from '../domain/credentials.js';
import { query, sql, type Sql } from '../platform/sql.js';

export interface UserRow {
  id: number;
  email: string;
  name: string | null;
  /** ISO 8601 UTC. */
  created_at: string;
  last_sign_in_at: string | null;
}

/** The columns of a UserRow, for any query that reads a user (alias `u` when joined). */
export function userColumns(alias: 'u' | '' = ''): Sql {
  const a = alias ? `${alias}.` : '';
  return sql.raw(
    `${a}id, ${a}email, ${a}name, iso_utc(${a}created_at) as created_at, iso_utc(${a}last_sign_in_at) as last_sign_in_at`,
  );
}

const columns = userColumns();

export async function findUserById(em: EntityManager, id: number): Promise<UserRow | undefined> {
  const [row] = await query(em, sql<UserRow>`select ${columns} from app_user where id = ${id}`);
  return row;
}

export async function findUserByEmail(em: EntityManager, email: string): Promise<UserRow | undefined> {
  const [row] = await query(em, sql<UserRow>`select ${columns} from app_user where lower(email) = ${normaliseEmail(email)}`);
  return row;
}

/** An account is its email: the first sign-in (or an operator) creates it; later calls find it. */
export async function ensureUser(em: EntityManager, email: string, name?: string): Promise<UserRow> {
  const [row] = await query(
    em,
    sql<UserRow>`insert into app_user (email, name) values (${normaliseEmail(email)}, ${name ?? null})
     on conflict (lower(email)) do update set name = coalesce(app_user.name, excluded.name)
     returning ${columns}`,
  );
  return row;
}

export async function recordSignIn(em: EntityManager, userId: number): Promise<void> {
  await query(em, sql`update app_user set last_sign_in_at = now() where id = ${userId}`);
}

export const roles = ['member', 'admin'] as const;
export type Role = (typeof roles)[number];

export async function userRole(em: EntityManager, userId: number): Promise<Role> {
  const [row] = await query(em, sql<{ role: Role }>`select role from app_user where id = ${userId}`);
  return row?.role ?? 'member';
}

/** Gives an account a role; false when there is no account with that email. */
export async function grantRole(em: EntityManager, email: string, role: Role): Promise<boolean> {
  const rows = await query(
    em,
    sql`update app_user set role = ${role} where lower(email) = ${normaliseEmail(email)} returning id`,
  );
  return rows.length > 0;
}
