import ipaddr from 'ipaddr.js';

export interface ClientAddress {
  /** The address the request came from, in canonical form (IPv4-mapped IPv6 as IPv4, IPv6 compressed). */
  address: string;
  /** A trusted X-Forwarded-For entry that is not an address, which stopped the walk at the proxy that wrote it. */
  unreadable?: string;
}

/**
 * The client of a request behind `trustedHops` proxies, each of which appends the address it was
 * reached from to X-Forwarded-For: only that many rightmost entries were written by a proxy we
 * trust (the client writes the rest, so they count for nothing). Walking them from the right,
 * each is the peer of the proxy before it; an entry that is not an address ends the walk, and the
 * client is then the last address read, the proxy that wrote it.
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, trustedHops: number): ClientAddress {
  let address = canonicalAddress(peer) ?? peer;
  if (trustedHops === 0 || !forwardedFor?.trim()) return { address };
  const trusted = forwardedFor.split(',').slice(-trustedHops).reverse();
  for (const entry of trusted) {
    const next = hopAddress(entry.trim());
    if (!next) return { address, unreadable: entry.trim() };
    address = next;
  }
  return { address };
}

/** IPv4 with an optional port (`203.0.113.5:4711`), IPv6 bare or in brackets with an optional port (`[2001:db8::1]:443`). */
const hop = /^(?:\[(?<bracketed>[^\]]+)\]|(?<v4>[\d.]+))(?::(?<port>\d{1,5}))?$/;

/** The address of one X-Forwarded-For entry, or null when it is none. */
export function hopAddress(entry: string): string | null {
  if (plainIPv4.test(entry)) return entry;
  if (ipaddr.IPv6.isValid(entry) && !entry.includes('[')) return canonicalAddress(entry);
  const match = hop.exec(entry);
  if (!match?.groups) return null;
  const { bracketed, v4, port } = match.groups;
  if (port !== undefined && Number(port) > 65535) return null;
  if (v4 !== undefined) return ipaddr.IPv4.isValidFourPartDecimal(v4) ? canonicalAddress(v4) : null;
  return ipaddr.IPv6.isValid(bracketed) ? canonicalAddress(bracketed) : null;
}

/** Dotted-quad IPv4 without leading zeros: already in its one spelling, so ipaddr.js (a parse per request) is not needed. */
const plainIPv4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** One spelling per address, so that one client has one rate-limit key and one network. */
function canonicalAddress(text: string): string | null {
  if (plainIPv4.test(text)) return text;
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !ipaddr.IPv6.isValid(text)) return null;
  return ipaddr.process(text).toString();
}
