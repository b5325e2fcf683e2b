/** Turns a search box text into the words the search looks up: unaccented, lower case, deduplicated. */

export const maxSearchTerms = 8;

export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  const words = q
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => /^[a-z0-9]+$/.test(w));
  return [...new Set(words)].slice(0, maxSearchTerms);
}
