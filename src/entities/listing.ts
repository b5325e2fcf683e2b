import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Faq, Socials } from '../domain/draft-content.js';
import type { PaidSection } from '../domain/catalogue-terms.js';
import type { ListingPlan, ListingStatus } from '../domain/listing-status.js';
import { Company } from './company.js';
import { ListingFounder } from './listing-founder.js';
import { Milestone } from './milestone.js';
import { TextArrayType } from './text-array.js';

/**
 * A listing as its owner and its lifecycles write it: the profile, status, plan and launch week,
 * with its founders and milestones. The counters and latest metrics (votes, follows, views,
 * Domain Rating, revenue, billboard) are kept by triggers from their own tables and the search
 * vectors by PostgreSQL, so they are left out here and no flush can overwrite them. `status` has
 * no default: a new listing takes the one `moveListing` gives it.
 */
export const Listing = defineEntity({
  name: 'Listing',
  tableName: 'listing',
  properties: {
    id: p.integer().primary(),
    siteId: p.integer(),
    slug: p.string().length(220),
    name: p.string().length(500),
    ownerId: p.integer().nullable(),
    company: () => p.manyToOne(Company).nullable(),
    status: p.string().$type<ListingStatus>().length(20),
    plan: p.string().$type<ListingPlan>().length(10).default('free'),
    tagline: p.string().length(200).default(''),
    shortDescription: p.string().length(300).default(''),
    description: p.text().default(''),
    stage: p.string().length(40).nullable(),
    pricingModel: p.string().length(40).nullable(),
    pricingSummary: p.string().length(300).nullable(),
    country: p.string().columnType('char(2)').nullable(),
    city: p.string().length(120).nullable(),
    foundedYear: p.integer().nullable(),
    websiteUrl: p.string().length(2048).nullable(),
    domain: p.string().length(253).nullable(),
    logoUrl: p.string().length(500).nullable(),
    demoVideoUrl: p.string().length(500).nullable(),
    contactEmail: p.string().length(254).nullable(),
    features: p.type(TextArrayType).default('{}'),
    usps: p.type(TextArrayType).default('{}'),
    keywords: p.type(TextArrayType).default('{}'),
    tags: p.type(TextArrayType).default('{}'),
    categoryIds: p.array(Number, String).columnType('int[]').default('{}'),
    socials: p.json<Socials>().default('{}'),
    faqs: p.json<Faq[]>().default('[]'),
    notFoundOnWebsite: p.type(TextArrayType).default('{}'),
    unlockedSections: p.type(TextArrayType).$type<PaidSection[]>().default('{}'),
    headline: p.string().length(200).nullable(),
    summary: p.text().nullable(),
    seoTitle: p.string().length(200).nullable(),
    seoDescription: p.string().length(320).nullable(),
    launchWeek: p.date().nullable(),
    launchedAt: p.datetime().nullable(),
    /** Why the listing is in its status, when a lifecycle put it there (e.g. back to draft after missed weeks). */
    statusReason: p.string().length(500).nullable(),
    /** Restricted by a moderation decision: its page stays, with a notice, but no list, search or feed shows it. */
    restricted: p.boolean().default(false),
    /** Bumped by every update; an update that loaded an older version fails (OptimisticLockError). */
    version: p.integer().version(),
    founders: () => p.oneToMany(ListingFounder).mappedBy('listing').orderBy({ position: 'asc' }).orphanRemoval(),
    milestones: () => p.oneToMany(Milestone).mappedBy('listing').orphanRemoval(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});

export type ListingEntity = InferEntity<typeof Listing>;
