import type { Operation } from './registry.js';
import { siteOperations } from './site.js';
import { accountOperations } from './account.js';
import { listingOperations } from './listings.js';
import { launchOperations } from './launches.js';
import { foundersAndBlogOperations } from './founders-and-blog.js';
import { draftOperations } from './drafts.js';
import { myListingOperations } from './my-listings.js';
import { listingStatsOperations } from './listing-stats.js';
import { orderOperations, productOperations } from './orders.js';
import { publishingOperations } from './publishing.js';
import { claimOperations } from './claims.js';
import { moderationOperations } from './moderation.js';
import { peopleOperations } from './people.js';
import { auditOperations } from './audit.js';

/** The registry: every operation of the service. REST, MCP and OpenAPI are all derived from it. */
export const operations: readonly Operation[] = [
  ...siteOperations,
  ...listingOperations,
  ...launchOperations,
  ...foundersAndBlogOperations,
  ...productOperations,
  ...accountOperations,
  ...draftOperations,
  ...myListingOperations,
  ...listingStatsOperations,
  ...orderOperations,
  ...publishingOperations,
  ...claimOperations,
  ...moderationOperations,
  ...peopleOperations,
  ...auditOperations,
];
