import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses the crawler may connect to. Only public unicast space passes: private,
 * loopback, link-local (incl. the 169.254.169.254 metadata service), CGNAT, multicast,
 * unspecified, broadcast, documentation and other reserved ranges are refused. IPv6 forms that
 * embed an IPv4 address (mapped, NAT64, 6to4) are judged by the embedded address.
 */
export interface AddressPolicy {
  /** Tests serve their sites on loopback; production never sets this. */
  allowLoopback: boolean;
}

export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

export function judgeAddress(address: string, policy: AddressPolicy): AddressVerdict {
  const literal = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(literal)) return { allowed: false, reason: `${address} is not an IP address` };
  const parsed = ipaddr.parse(literal);
  const embedded = embeddedIPv4(parsed);
  if (embedded) return judgeAddress(embedded.toString(), policy);
  const range = parsed.range();
  if (range === 'unicast') return { allowed: true };
  if (range === 'loopback' && policy.allowLoopback) return { allowed: true };
  return { allowed: false, reason: `${literal} is a ${range} address` };
}

function embeddedIPv4(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.kind() !== 'ipv6') return null;
  const v6 = address as ipaddr.IPv6;
  const range = v6.range();
  if (range === 'ipv4Mapped') return v6.toIPv4Address();
  const bytes = v6.toByteArray();
  // NAT64 (64:ff9b::/96) and IPv4-translated forms carry the address in the last 4 bytes.
  if (range === 'rfc6052' || range === 'rfc6145') return ipaddr.fromByteArray(bytes.slice(12)) as ipaddr.IPv4;
  // 6to4 (2002::/16) carries it in bytes 2..5.
  if (range === '6to4') return ipaddr.fromByteArray(bytes.slice(2, 6)) as ipaddr.IPv4;
  return null;
}

/** True when the host part of a URL is an IP literal rather than a name to resolve. */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, ''));
}

/**
 * True for a loopback peer: 127.0.0.0/8 or ::1, also written IPv4-mapped (as a dual-stack socket
 * reports it). Anything else, or no address at all, is not this machine.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'loopback';
}
