import { ownerListing } from '../../src/listings/schemas.js';
import { chooseFreeListing as queueFreeLaunch } from '../../src/publishing/free-plan.js';
import { listingPath } from './my-listings.js';
import { defineOperation } from './registry.js';

export const chooseFreeListing = defineOperation({
  id: 'choose_free_listing',
  method: 'POST',
  path: '/me/listings/{listing_id}/free',
  tag: 'My listings',
  summary: 'Choose the free plan: queue the listing for a free launch week',
  description:
    "Queues one of the caller's listings (status draft) for a free launch: it gets the first launch week at least a few weeks ahead with a free slot (publication.launch_week) and status awaiting_badge. It goes live in that week once two gates hold: the badge is on the website's homepage (embed code in publication.badge.embed_html) and the founder profile is complete (publication.founder_profile.missing says what is not). The gates are checked at once, then daily until the week and hourly in it; when both hold before the week the status is scheduled. A week that ends with a gate unmet moves the launch to the next free week; after 3 such weeks the listing returns to draft. Called again for a queued listing, it checks the gates at once (after adding the badge, say). Another status (live, paid...), or another public listing on its domain (already_listed), is 409 with the reason. Nothing is charged. Returns the owner view; publication.next_step says what to do next.",
  scope: 'listings:write',
  idempotencyKey: true,
  successStatus: 200,
  refusals: {
    409: 'The listing cannot take the free plan in its status (live, launching on the paid plan, rejected...), or another listing is public on its domain (already_listed)',
  },
  input: { path: listingPath },
  output: ownerListing,
  reaches: ['web', 'mail'],
  async handler({ path }, { deps, em, principal }) {
    return queueFreeLaunch(em, deps.temporal, deps.config, principal!.userId, path.listing_id);
  },
});

export const publishingOperations = [chooseFreeListing];
