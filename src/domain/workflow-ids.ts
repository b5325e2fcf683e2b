/**
 * Workflow ids are business keys, so a retried request finds the workflow it already started
 * instead of starting a second one.
 */
export const workflowIds = {
  draftBuild: (draftId: string) => `draft-${draftId}`,
  listingLaunch: (listingId: number) => `listing-launch-${listingId}`,
  listingUpdateNotice: (updateId: number) => `listing-update-${updateId}`,
  claimVerification: (claimId: number | string) => `claim-${claimId}`,
  orderFulfilment: (orderNumber: string) => `order-${orderNumber}`,
  voteReview: (week: string) => `vote-review-${week}`,
  moderationCase: (kind: string, itemId: number, itemCase: number) => `moderation-${kind}-${itemId}-${itemCase}`,
  weeklyAwardsSchedule: 'weekly-awards',
  housekeepingSchedule: 'housekeeping',
} as const;
