import { getDomain } from 'tldts';

/**
 * Who owns a host: its registrable domain under the Public Suffix List, private section included
 * (alice.github.io and bob.github.io are two sites); a host with no public suffix (localhost, an
 * IP literal) is its own.
 */
export function registrableDomain(host: string): string {
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  return getDomain(name, { allowPrivateDomains: true }) ?? name;
}

/** The registrable domain of a website's address: acme.co.uk for https://www.acme.co.uk/. */
export function registrableDomainOf(url: string): string {
  return registrableDomain(new URL(url).hostname);
}
