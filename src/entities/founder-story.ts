import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Founder } from './founder.js';
import { Listing } from './listing.js';

/** A listing's founder story, by section, told by one of its founders; public once published and unlocked. */
export const FounderStory = defineEntity({
  name: 'FounderStory',
  tableName: 'founder_story',
  properties: {
    listing: () => p.oneToOne(Listing).owner().primary().deleteRule('cascade'),
    founder: () => p.manyToOne(Founder).nullable().deleteRule('set null'),
    sections: p.json<Record<string, string>>().default('{}'),
    publishedAt: p.datetime().nullable(),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});

export type FounderStoryEntity = InferEntity<typeof FounderStory>;
