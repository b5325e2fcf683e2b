import type { EntityManager } from '@mikro-orm/postgresql';
import { isPublic } from '../catalogue/sql.js';
import type { ReportKind } from '../domain/moderation.js';
import { notFound } from '../errors.js';
import { query, sql } from '../platform/sql.js';

/** The thing a report names: a listing by slug, a review or an update by id. */
export type ItemRef = { kind: 'listing'; slug: string } | { kind: 'review' | 'update'; id: number };

/** A reported item as a case keeps it: its id, the listing it belongs to, and the person it affects. */
export interface ReportedItem {
  kind: ReportKind;
  itemId: number;
  listingId: number;
  /** The listing's owner, or the review's author: who gets the statement of reasons. */
  ownerId: number | null;
}

/** The item, when a visitor can see it now; a removed or unknown item is 404. */
export async function visibleItem(em: EntityManager, siteId: number, ref: ItemRef): Promise<ReportedItem> {
  const [row] = await query(
    em,
    ref.kind === 'listing'
      ? sql<ReportedItem>`select 'listing' as kind, l.id as "itemId", l.id as "listingId", l.owner_id as "ownerId"
          from listing l where l.site_id = ${siteId} and l.slug = ${ref.slug} and ${isPublic}`
      : ref.kind === 'review'
        ? sql<ReportedItem>`select 'review' as kind, r.id as "itemId", l.id as "listingId", r.user_id as "ownerId"
          from review r join listing l on l.id = r.listing_id
          where r.id = ${ref.id} and not r.hidden and l.site_id = ${siteId} and ${isPublic}`
        : sql<ReportedItem>`select 'update' as kind, u.id as "itemId", l.id as "listingId", l.owner_id as "ownerId"
          from listing_update u join listing l on l.id = u.listing_id
          where u.id = ${ref.id} and not u.hidden and l.site_id = ${siteId} and ${isPublic}`,
  );
  if (!row) throw notFound(ref.kind === 'listing' ? `Listing ${ref.slug}` : `The ${ref.kind} ${ref.id}`);
  return row;
}
