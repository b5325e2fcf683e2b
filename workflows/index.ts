export { ping } from './ping.js';
export { draftBuild } from './draft-build.js';
