import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Listing } from './listing.js';

/** How a listing was changed: one per owner edit, with who made it, through what, and each changed field before and after. */
export const ListingRevision = defineEntity({
  name: 'ListingRevision',
  tableName: 'listing_revision',
  properties: {
    id: p.integer().primary(),
    listing: () => p.manyToOne(Listing).deleteRule('cascade'),
    authorId: p.integer().nullable(),
    credential: p.string().$type<'api_key' | 'oauth' | 'session'>().length(20),
    /** The OAuth client, when the edit came through one. */
    clientId: p.string().length(200).nullable(),
    requestId: p.string().length(100).nullable(),
    before: p.json<Record<string, unknown>>(),
    after: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});

export type ListingRevisionEntity = InferEntity<typeof ListingRevision>;
