import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * The draft page's script (live build progress; the page works without it), served by this site
 * with its Subresource Integrity hash, as the pages' CSP runs only the site's own files.
 */
const text = readFileSync(new URL('../assets/draft-progress.js', import.meta.url), 'utf8');

export const draftProgressScript = {
  path: '/assets/draft-progress.js',
  text,
  integrity: `sha384-${createHash('sha384').update(text).digest('base64')}`,
};
