import type { EntityManager } from '@mikro-orm/postgresql';
import { publicStatuses } from '../domain/catalogue-terms.js';
import { AppError, notFound } from '../errors.js';
import { Follow } from '../entities/follow.js';
import { Listing, type ListingEntity } from '../entities/listing.js';
import { query, sql } from '../platform/sql.js';

/** The public listing a person acts on, by slug; anything not public is not found. */
export async function publicListing(em: EntityManager, siteId: number, slug: string): Promise<ListingEntity> {
  const listing = await em.findOne(Listing, { siteId, slug, status: { $in: [...publicStatuses] } });
  if (!listing) throw notFound(`Listing ${slug}`);
  return listing;
}

/** A rule's refusal as a 409 with the reason, or nothing. */
export function refuseWith(reason: string | null): void {
  if (reason) throw new AppError('conflict', reason);
}

/** Whether the person's vote (or follow) now stands, and the listing's count of them (counted votes). */
export interface ToggleState {
  on: boolean;
  count: number;
}

/** A follow-like toggle: its table, the rule for adding one, the listing's counter (votes have their own rules: votes.ts). */
export interface Toggle {
  entity: typeof Follow;
  refusal: (listing: ListingEntity, userId: number) => string | null;
  counter: 'follower_count';
}

/**
 * Makes a person's follow of a public listing stand (wanted) or not, asking the rule only
 * before adding one. The same answer twice changes nothing, and two requests adding the same row
 * at once leave one. The listing's counter follows by trigger.
 */
export async function setToggle(
  em: EntityManager,
  siteId: number,
  slug: string,
  userId: number,
  wanted: boolean,
  toggle: Toggle,
): Promise<ToggleState> {
  return em.transactional(async (tx) => {
    const listing = await publicListing(tx, siteId, slug);
    const key = { listingId: listing.id, userId };
    const existing = await tx.findOne(toggle.entity, key);
    if (wanted && !existing) {
      refuseWith(toggle.refusal(listing, userId));
      // A concurrent request may have added the row since: keep theirs rather than abort this transaction.
      await tx.createQueryBuilder(toggle.entity).insert(key).onConflict(['listingId', 'userId']).ignore().execute();
    } else if (!wanted && existing) {
      await tx.remove(existing).flush();
    }
    const [row] = await query(
      tx,
      sql<{ n: number }>`select ${sql.raw(toggle.counter)} as n from listing where id = ${listing.id}`,
    );
    return { on: wanted, count: row.n };
  });
}
