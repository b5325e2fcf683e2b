import { promises as dns } from 'node:dns';
import { CrawlError } from './types.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/**
 * Resolves a host name to every address it has: through the DNS server at `server` (ip[:port])
 * when given, else through the system resolver.
 */
export function createResolver(server: string | undefined, timeoutMs: number): HostResolver {
  if (!server) {
    return async (hostname) => {
      try {
        const found = await dns.lookup(hostname, { all: true, verbatim: true });
        return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
      } catch (error) {
        throw dnsFailure(hostname, error);
      }
    };
  }
  const resolver = new dns.Resolver({ timeout: Math.min(timeoutMs, 5000), tries: 2 });
  resolver.setServers([server]);
  return async (hostname) => {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
    const found: ResolvedAddress[] = [
      ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
    ];
    if (found.length === 0) throw dnsFailure(hostname, v4.status === 'rejected' ? v4.reason : undefined);
    return found;
  };
}

function dnsFailure(hostname: string, error: unknown): CrawlError {
  const code = (error as { code?: string } | undefined)?.code ?? 'no address';
  return new CrawlError('dns_error', `${hostname} could not be resolved (${code})`);
}
