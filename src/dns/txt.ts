import { promises as dns } from 'node:dns';

/** TXT records of one name, each record's strings joined (RFC 7208 style); none is an empty list. */
export type TxtLookup = (name: string) => Promise<string[]>;

export class DnsLookupError extends Error {
  constructor(
    readonly host: string,
    readonly code: string,
  ) {
    super(`DNS lookup of ${host} failed (${code})`);
  }
}

/** Answers that mean "no such record" rather than "no answer". */
const noRecord = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

/**
 * TXT lookups through the DNS server at `server` (ip[:port]) when given, else through the system's
 * configured servers. Each lookup gives up after `timeoutMs` and reports why.
 */
export function createTxtLookup(server: string | undefined, timeoutMs: number): TxtLookup {
  const resolver = new dns.Resolver({ timeout: timeoutMs, tries: 2 });
  if (server) resolver.setServers([server]);
  return async (name) => {
    try {
      const records = await resolver.resolveTxt(name);
      return records.map((chunks) => chunks.join(''));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'no answer';
      if (noRecord.has(code)) return [];
      throw new DnsLookupError(name, code);
    }
  };
}
