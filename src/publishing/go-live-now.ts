import type { EntityManager } from '@mikro-orm/postgresql';
import { Listing } from '../entities/listing.js';
import { notFound } from '../errors.js';
import type { TemporalHandle } from '../temporal.js';
import { moveLaunchToNow } from './launch-steps.js';
import { askLaunchToGoLiveNow } from './lifecycle.js';

/**
 * Support moves a scheduled launch to now: the move is recorded in PostgreSQL (its week becomes
 * this one), then an update to the listing's launch workflow runs its own go-live step (owner
 * told, followers mailed once). The workflow checks the record before it acts; a listing that is
 * not scheduled, or has no launch running, is a 409 with the reason.
 */
export async function goLiveNow(em: EntityManager, temporal: TemporalHandle, siteId: number, slug: string): Promise<void> {
  const listing = await em.findOne(Listing, { siteId, slug }, { fields: ['id'] });
  if (!listing) throw notFound(`Listing ${slug}`);
  await moveLaunchToNow(em, listing.id);
  await askLaunchToGoLiveNow(temporal, listing.id, slug);
}
