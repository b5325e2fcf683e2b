export { draftBuild } from './draft-build.js';
export { housekeeping } from './housekeeping.js';
