import type { EntityManager } from '@mikro-orm/postgresql';
import { execute, query, sql } from '../platform/sql.js';
import { hashCredential } from '../domain/credentials.js';

export type OAuthPayload = Record<string, unknown>;

/**
 * Storage for the OAuth server's records (oidc-provider's adapter contract). The id of a code,
 * refresh token or session is the credential itself, so rows are keyed by its hash and the id is
 * removed from the stored payload; `find` puts it back from the id it was asked for.
 */
export class OAuthRecordStore {
  constructor(
    private readonly em: EntityManager,
    private readonly kind: string,
  ) {}

  async upsert(id: string, payload: OAuthPayload, expiresInSeconds?: number): Promise<void> {
    await query(
      this.em,
      sql`insert into oauth_record (kind, id_hash, payload, grant_id, uid, expires_at)
       values (${this.kind}, ${hashCredential(id)}, ${sql.json(withoutSecrets(payload))}::jsonb, ${grantIdOf(this.kind, id, payload)}, ${typeof payload.uid === 'string' && payload.uid !== id ? payload.uid : null}, case when ${expiresInSeconds ?? null}::int is null then null else now() + make_interval(secs => ${expiresInSeconds ?? null}::int) end)
       on conflict (kind, id_hash) do update set payload = excluded.payload, grant_id = excluded.grant_id,
         uid = excluded.uid, expires_at = excluded.expires_at`,
    );
  }

  async find(id: string): Promise<OAuthPayload | undefined> {
    const payload = await this.findWhere('id_hash', hashCredential(id));
    return payload && { ...payload, jti: id };
  }

  findByUid(uid: string): Promise<OAuthPayload | undefined> {
    return this.findWhere('uid', uid);
  }

  /** Marks a record used. Exactly one of several concurrent callers gets true. */
  async consume(id: string): Promise<boolean> {
    const changed = await execute(
      this.em,
      sql`update oauth_record set consumed_at = now() where kind = ${this.kind} and id_hash = ${hashCredential(id)} and consumed_at is null`,
    );
    return changed > 0;
  }

  async destroy(id: string): Promise<void> {
    await query(this.em, sql`delete from oauth_record where kind = ${this.kind} and id_hash = ${hashCredential(id)}`);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await query(this.em, sql`delete from oauth_record where kind = ${this.kind} and grant_id = ${grantId}`);
  }

  private async findWhere(column: 'id_hash' | 'uid', value: string): Promise<OAuthPayload | undefined> {
    const [row] = await query(
      this.em,
      sql<{
        payload: OAuthPayload;
        consumed: number | null;
      }>`select payload, extract(epoch from consumed_at)::bigint::int as consumed from oauth_record
       where kind = ${this.kind} and ${sql.raw(column)} = ${value} and (expires_at is null or expires_at > now())`,
    );
    if (!row) return undefined;
    return row.consumed === null ? row.payload : { ...row.payload, consumed: row.consumed };
  }
}

/** A grant is filed under its own id, so that revoking it reaches its codes and tokens in one statement. */
function grantIdOf(kind: string, id: string, payload: OAuthPayload): string | null {
  if (kind === 'Grant') return id;
  return typeof payload.grantId === 'string' ? payload.grantId : null;
}

/** The id (jti) is the credential; an interaction's copy of the session cookie is one too. */
function withoutSecrets(payload: OAuthPayload): OAuthPayload {
  const { jti: _jti, ...rest } = payload;
  const session = rest.session as Record<string, unknown> | undefined;
  if (session && typeof session === 'object' && 'cookie' in session) {
    const { cookie: _cookie, ...safeSession } = session;
    rest.session = safeSession;
  }
  return rest;
}

export async function purgeOAuthRecords(em: EntityManager): Promise<void> {
  await query(em, sql`delete from oauth_record where expires_at < now() - interval '1 day'`);
}
