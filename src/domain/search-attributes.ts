import { SearchAttributeType, defineSearchAttributeKey } from '@temporalio/common';

/**
 * Custom search attributes, so operators can find a lifecycle in the Temporal UI by the business
 * ids and status they know (`DraftId = "..."`, `OwnerId = 42`, `DraftStatus = "failed"`,
 * `ListingId = 7`, `LaunchStatus = "awaiting_badge"`, `ClaimStatus = "pending"`, `OrderNumber = "LD-2026-000001"`,
 * `VoteWeek = "2026-11-23"`, `VoteReviewStatus = "final"`, `ModerationKind = "listing"`,
 * `ModerationState = "open"`, `ModerationCategory = "scam_or_spam"`).
 * Registered on the server by src/temporal.ts; workflows set them as they progress.
 */
export const draftIdAttribute = defineSearchAttributeKey('DraftId', SearchAttributeType.KEYWORD);
export const ownerIdAttribute = defineSearchAttributeKey('OwnerId', SearchAttributeType.INT);
export const draftStatusAttribute = defineSearchAttributeKey('DraftStatus', SearchAttributeType.KEYWORD);

export const listingIdAttribute = defineSearchAttributeKey('ListingId', SearchAttributeType.INT);
export const launchStatusAttribute = defineSearchAttributeKey('LaunchStatus', SearchAttributeType.KEYWORD);

export const claimIdAttribute = defineSearchAttributeKey('ClaimId', SearchAttributeType.INT);
export const claimMethodAttribute = defineSearchAttributeKey('Method', SearchAttributeType.KEYWORD);
export const claimStatusAttribute = defineSearchAttributeKey('ClaimStatus', SearchAttributeType.KEYWORD);

export const orderNumberAttribute = defineSearchAttributeKey('OrderNumber', SearchAttributeType.KEYWORD);
export const orderStatusAttribute = defineSearchAttributeKey('OrderStatus', SearchAttributeType.KEYWORD);

export const voteWeekAttribute = defineSearchAttributeKey('VoteWeek', SearchAttributeType.KEYWORD);
export const voteReviewStatusAttribute = defineSearchAttributeKey('VoteReviewStatus', SearchAttributeType.KEYWORD);

// Keyword lists of one value: the dev server's 10 keyword slots are nearly all taken; `=` still finds them.
export const moderationKindAttribute = defineSearchAttributeKey('ModerationKind', SearchAttributeType.KEYWORD_LIST);
export const moderationStateAttribute = defineSearchAttributeKey('ModerationState', SearchAttributeType.KEYWORD_LIST);
export const moderationCategoryAttribute = defineSearchAttributeKey('ModerationCategory', SearchAttributeType.KEYWORD_LIST);

/** Set by Temporal on a run a schedule started: the time it was due (a late catch-up run still knows its slot). */
export const scheduledStartTimeAttribute = defineSearchAttributeKey('TemporalScheduledStartTime', SearchAttributeType.DATETIME);

export const customSearchAttributes = [
  draftIdAttribute,
  ownerIdAttribute,
  draftStatusAttribute,
  listingIdAttribute,
  launchStatusAttribute,
  claimIdAttribute,
  claimMethodAttribute,
  claimStatusAttribute,
  orderNumberAttribute,
  orderStatusAttribute,
  voteWeekAttribute,
  voteReviewStatusAttribute,
  moderationKindAttribute,
  moderationStateAttribute,
  moderationCategoryAttribute,
];
