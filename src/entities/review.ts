import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A person's review of a listing, one per person and listing; the site team may flag it out of the rating. */
export const Review = defineEntity({
  name: 'Review',
  tableName: 'review',
  properties: {
    id: p.integer().primary(),
    listingId: p.integer(),
    userId: p.integer(),
    rating: p.smallint(),
    body: p.string().length(5000).default(''),
    flagged: p.boolean().default(false),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
});

export type ReviewEntity = InferEntity<typeof Review>;

/** A person telling the site team a review is abusive; once per person and review. */
export const ReviewReport = defineEntity({
  name: 'ReviewReport',
  tableName: 'review_report',
  properties: {
    reviewId: p.integer().primary(),
    userId: p.integer().primary(),
    reason: p.string().length(500),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});

export type ReviewReportEntity = InferEntity<typeof ReviewReport>;
