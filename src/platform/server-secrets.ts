import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A secret the service made for itself, shared by every api process: the first process to ask
 * stores its candidate; everyone (it included) then reads the stored one, so all agree.
 */
export async function sharedSecret<T>(em: EntityManager, name: string, candidate: () => Promise<T>): Promise<T> {
  const conn = em.getConnection();
  const [existing] = await conn.execute<{ value: T }[]>('select value from server_secret where name = ?', [name]);
  if (existing) return existing.value;
  await conn.execute('insert into server_secret (name, value) values (?, ?::jsonb) on conflict (name) do nothing', [
    name,
    JSON.stringify(await candidate()),
  ]);
  const [stored] = await conn.execute<{ value: T }[]>('select value from server_secret where name = ?', [name]);
  return stored.value;
}
