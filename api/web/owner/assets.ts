import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * The owner pages' scripts (each page works without its script), served by this site with their
 * Subresource Integrity hash, as the pages' CSP runs only the site's own files.
 */
function siteScript(file: string) {
  const text = readFileSync(new URL(`../assets/${file}`, import.meta.url), 'utf8');
  return { path: `/assets/${file}`, text, integrity: `sha384-${createHash('sha384').update(text).digest('base64')}` };
}

/** Live build progress on the draft page. */
export const draftProgressScript = siteScript('draft-progress.js');

/** The Copy buttons of the badge embed code on a listing's owner page and of a claim's proof. */
export const copyEmbedScript = siteScript('copy-embed.js');

export const ownerScripts = [draftProgressScript, copyEmbedScript];
