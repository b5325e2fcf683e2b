import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Listing } from './listing.js';

/** News an owner posts on a listing: shown on it and in the latest-updates feed; its followers are told. */
export const ListingUpdate = defineEntity({
  name: 'ListingUpdate',
  tableName: 'listing_update',
  properties: {
    id: p.integer().primary(),
    listing: () => p.manyToOne(Listing).deleteRule('cascade'),
    title: p.string().length(200),
    body: p.string().length(5000),
    /** Whether its followers are mailed about it: at most UPDATE_MAILS_PER_LISTING_PER_DAY updates of a listing a day are. */
    followersMailed: p.boolean(),
    /** Hidden by a moderation decision: out of the listing and the feed. */
    hidden: p.boolean().default(false),
    /** The Idempotency-Key of the post_listing_update that posted it: a retry of that request answers this update. */
    requestKey: p.string().length(255).nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});

export type ListingUpdateEntity = InferEntity<typeof ListingUpdate>;
