import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * The one script the pages load (vote and follow in place; the forms work without it), with its
 * Subresource Integrity hash so a page runs exactly the file it was built with.
 */
const text = readFileSync(new URL('../assets/community.js', import.meta.url), 'utf8');

export const communityScript = {
  path: '/assets/community.js',
  text,
  integrity: `sha384-${createHash('sha384').update(text).digest('base64')}`,
};
