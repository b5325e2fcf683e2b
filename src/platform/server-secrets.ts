import type { EntityManager } from '@mikro-orm/postgresql';
import { execute, query, sql } from './sql.js';

/**
 * A secret the service made for itself, shared by every api process: the first process to ask
 * stores its candidate; everyone (it included) then reads the stored one, so all agree.
 */
export async function sharedSecret<T>(em: EntityManager, name: string, candidate: () => Promise<T>): Promise<T> {
  const [existing] = await query(em, sql<{ value: T }>`select value from server_secret where name = ${name}`);
  if (existing) return existing.value;
  await query(
    em,
    sql`insert into server_secret (name, value) values (${name}, ${sql.json(await candidate())}::jsonb) on conflict (name) do nothing`,
  );
  const [stored] = await query(em, sql<{ value: T }>`select value from server_secret where name = ${name}`);
  return stored.value;
}

/** Deletes a secret the service made for itself, once the operator gives one instead. */
export async function forgetSharedSecret(em: EntityManager, name: string): Promise<void> {
  await execute(em, sql`delete from server_secret where name = ${name}`);
}
