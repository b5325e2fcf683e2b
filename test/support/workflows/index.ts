// The test bundle: every production workflow plus the test-only ones.
export * from '../../../workflows/index.js';
export { ping } from './ping.js';
export { listingUpdateNoticeCountingFirst, listingUpdateNoticeCountingFirstPatched } from './changed-update-notice.js';
