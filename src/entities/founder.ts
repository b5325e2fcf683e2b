import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Socials } from '../domain/draft-content.js';

/**
 * A founder's public profile. A submitted draft makes one per founder it names; a person with an
 * account may own one (`userId`). The unique (site, slug) is declared so that a unit of work that
 * removes a founder and gives its slug to a new one deletes the old row first.
 */
export const Founder = defineEntity({
  name: 'Founder',
  tableName: 'founder',
  uniques: [{ properties: ['siteId', 'slug'] }],
  properties: {
    id: p.integer().primary(),
    siteId: p.integer(),
    slug: p.string().length(220),
    name: p.string().length(160),
    title: p.string().length(160).nullable(),
    bio: p.text().default(''),
    country: p.string().columnType('char(2)').nullable(),
    avatarUrl: p.string().length(500).nullable(),
    socials: p.json<Socials>().default('{}'),
    userId: p.integer().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});

export type FounderEntity = InferEntity<typeof Founder>;
