import { getDomain } from 'tldts';

/**
 * The registrable domain of a website's address: acme.co.uk for https://www.acme.co.uk/. The
 * Public Suffix List's private section counts, so alice.github.io and bob.github.io are two sites.
 * A host with no public suffix (localhost, an IP literal) is its own registrable domain.
 */
export function registrableDomainOf(url: string): string {
  const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}
