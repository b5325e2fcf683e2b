import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { reviewRefusal, type ReviewInput } from '../domain/community.js';
import { Review } from '../entities/review.js';
import { AppError } from '../errors.js';
import { query, sql } from '../platform/sql.js';
import { publicListing, refuseWith } from './target.js';

/** Writes a person's review of a live listing, or replaces their earlier one (one per person). */
export async function saveReview(
  em: EntityManager,
  siteId: number,
  slug: string,
  userId: number,
  input: ReviewInput,
): Promise<number> {
  return em.transactional(async (tx) => {
    const listing = await publicListing(tx, siteId, slug);
    refuseWith(reviewRefusal(listing));
    const existing = await tx.findOne(Review, { listingId: listing.id, userId });
    const review = existing ?? tx.create(Review, { listingId: listing.id, userId, rating: input.rating, body: input.body });
    tx.assign(review, { rating: input.rating, body: input.body, updatedAt: new Date() });
    try {
      await tx.persist(review).flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException)
        throw new AppError('conflict', 'Your review was saved by another request at the same time; reload the page.');
      throw error;
    }
    return review.id;
  });
}

/** The site team takes a review out of the community rating (flagged) or puts it back. */
export async function flagReview(em: EntityManager, reviewId: number, flagged: boolean): Promise<boolean> {
  const review = await em.findOne(Review, { id: reviewId });
  if (!review) return false;
  review.flagged = flagged;
  await em.flush();
  return true;
}

export interface ReviewRow {
  id: number;
  rating: number;
  body: string;
  author: string;
  by_owner: boolean;
  flagged: boolean;
  mine: boolean;
  updated_at: string;
}

export interface ReportedReview {
  id: number;
  listing_slug: string;
  listing_name: string;
  rating: number;
  body: string;
  flagged: boolean;
  reports: number;
  reasons: string[];
}

/** Reviews with a case that takes reports (open or in its appeal window), most reported first, for the site team. */
export async function reportedReviews(em: EntityManager, siteId: number): Promise<ReportedReview[]> {
  return query(
    em,
    sql<ReportedReview>`select r.id, l.slug as listing_slug, l.name as listing_name, r.rating, r.body, r.flagged,
       count(*)::int as reports, array_agg(mr.explanation order by mr.created_at) as reasons
     from moderation_case c join moderation_report mr on mr.case_id = c.id
       join review r on r.id = c.item_id join listing l on l.id = r.listing_id
     where c.kind = 'review' and c.state <> 'closed' and l.site_id = ${siteId}
     group by r.id, l.slug, l.name order by count(*) desc, r.id limit 200`,
  );
}
