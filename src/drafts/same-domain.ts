import type { EntityManager } from '@mikro-orm/postgresql';
import { isPublic } from '../catalogue/sql.js';
import { Draft, type DraftEntity } from '../entities/draft.js';
import { registrableDomainOf } from '../domain/registrable-domain.js';
import { query, sql } from '../platform/sql.js';

/** What submit_listing needs to know about others on the same registrable domain (one public listing per domain). */

export interface ListedOnDomain {
  slug: string;
  name: string;
}

/** The site's public listing on the registrable domain `domain` (its host or any subdomain), if any. */
export async function publicListingOnDomain(
  em: EntityManager,
  siteId: number,
  domain: string,
): Promise<ListedOnDomain | undefined> {
  const candidates = await query(
    em,
    sql<ListedOnDomain & { domain: string }>`select l.slug, l.name, l.domain from listing l
      where l.site_id = ${siteId} and ${isPublic} and (l.domain = ${domain} or right(l.domain, ${domain.length + 1}) = ${`.${domain}`})
      order by l.id`,
  );
  // A deeper private suffix (a subdomain that is a registrable domain of its own) is another site.
  const listed = candidates.find((row) => registrableDomainOf(`https://${row.domain}`) === domain);
  return listed && { slug: listed.slug, name: listed.name };
}

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
