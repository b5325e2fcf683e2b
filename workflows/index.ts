export { claimVerification } from './claim-verification.js';
export { draftBuild } from './draft-build.js';
export { housekeeping } from './housekeeping.js';
export { listingLaunch } from './listing-launch.js';
export { listingUpdateNotice } from './listing-update-notice.js';
export { orderFulfilment } from './order-fulfilment.js';
export { voteReview } from './vote-review.js';
export { weeklyAwards } from './weekly-awards.js';
