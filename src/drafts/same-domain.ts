import type { EntityManager } from '@mikro-orm/postgresql';
import { Draft, type DraftEntity } from '../entities/draft.js';
import { registrableDomainOf } from '../domain/registrable-domain.js';
import { query, sql } from '../platform/sql.js';

/** The owner's newest open draft (building or ready, not yet submitted) on the registrable domain `domain`. */
export async function openDraftOnDomain(
  em: EntityManager,
  caller: { ownerId: number; siteId: number },
  domain: string,
): Promise<DraftEntity | null> {
  const open = await query(
    em,
    sql<{ id: string; url: string }>`select id, url from draft
      where owner_id = ${caller.ownerId} and site_id = ${caller.siteId} and status <> 'failed' and listing_id is null
      order by created_at desc, id desc`,
  );
  const same = open.find((draft) => registrableDomainOf(draft.url) === domain);
  return same ? em.findOne(Draft, { id: same.id }, { refresh: true }) : null;
}
