import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Listing } from './listing.js';

/** A dated step in a listing's story; public when the listing has the milestones section unlocked. */
export const Milestone = defineEntity({
  name: 'Milestone',
  tableName: 'milestone',
  properties: {
    id: p.integer().primary(),
    listing: () => p.manyToOne(Listing).deleteRule('cascade'),
    date: p.date(),
    title: p.string().length(200),
    description: p.string().length(2000).nullable(),
    url: p.string().length(500).nullable(),
    /** The Idempotency-Key of the add_milestone that added it: a retry of that request answers this milestone. */
    requestKey: p.string().length(255).nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});

export type MilestoneEntity = InferEntity<typeof Milestone>;
