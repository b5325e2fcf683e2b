export { claimVerification } from './claim-verification.js';
export { draftBuild } from './draft-build.js';
export { housekeeping } from './housekeeping.js';
export { listingUpdateNotice } from './listing-update-notice.js';
