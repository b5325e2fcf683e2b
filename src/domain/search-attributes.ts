import { SearchAttributeType, defineSearchAttributeKey } from '@temporalio/common';

/**
 * Custom search attributes, so operators can find a lifecycle in the Temporal UI by the business
 * ids and status they know (`DraftId = "..."`, `OwnerId = 42`, `DraftStatus = "failed"`,
 * `ListingId = 7`).
 * Registered on the server by src/temporal.ts; workflows set them as they progress.
 */
export const draftIdAttribute = defineSearchAttributeKey('DraftId', SearchAttributeType.KEYWORD);
export const ownerIdAttribute = defineSearchAttributeKey('OwnerId', SearchAttributeType.INT);
export const draftStatusAttribute = defineSearchAttributeKey('DraftStatus', SearchAttributeType.KEYWORD);

export const listingIdAttribute = defineSearchAttributeKey('ListingId', SearchAttributeType.INT);

export const customSearchAttributes = [draftIdAttribute, ownerIdAttribute, draftStatusAttribute, listingIdAttribute];
