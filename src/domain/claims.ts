import { getDomain } from 'tldts';

/**
 * Claims (DESIGN, Claims): how a person proves they run a listing's website, and the only moves of
 * a claim's status. Pure: the check schedule here is what the claimVerification workflow follows.
 */
export const claimMethods = ['dns', 'meta', 'file', 'email'] as const;
export type ClaimMethod = (typeof claimMethods)[number];

export const claimStatuses = ['pending', 'verified', 'failed', 'expired', 'canceled'] as const;
export type ClaimStatus = (typeof claimStatuses)[number];

/** A claim lives this long without proof, then expires. */
export const claimLifetimeMs = 7 * 24 * 3600 * 1000;
const firstCheckDelayMs = 60 * 1000;
const longestCheckDelayMs = 6 * 3600 * 1000;

/** The wait before scheduled check number `n` (0-based): 1 minute, doubling, at most 6 hours. */
export function checkDelayMs(n: number): number {
  return Math.min(firstCheckDelayMs * 2 ** Math.min(n, 30), longestCheckDelayMs);
}

/** The name of the DNS record prefix, the meta tag and the file. */
export const verificationName = 'launch-directory-verification';
export const verificationFilePath = `/.well-known/${verificationName}.txt`;

const transitions = {
  verify: 'verified',
  fail: 'failed',
  expire: 'expired',
  cancel: 'canceled',
} as const satisfies Record<string, ClaimStatus>;

export type ClaimEvent = keyof typeof transitions;
export type ClaimMove = { ok: true; status: ClaimStatus } | { ok: false; reason: string };

/** Every move leaves `pending`: a closed claim stays as it ended. */
export function moveClaim(from: ClaimStatus, event: ClaimEvent): ClaimMove {
  if (from === 'pending') return { ok: true, status: transitions[event] };
  return { ok: false, reason: `The claim is ${from}: only a pending claim can be ${transitions[event]}.` };
}

/** What one check saw: the proof with this claim's token, proof with another token, none, or no answer. */
export type ProofFinding = 'match' | 'other' | 'absent' | 'error';

export interface ClaimCheckOutcome {
  finding: ProofFinding;
  /** In words, for the owner: "TXT record not found on acme.com". */
  result: string;
}

/** Compares the values published under the verification name with the claim's token. */
export function judgeProof(values: readonly string[], token: string): ProofFinding {
  if (values.some((value) => value.trim() === token)) return 'match';
  return values.length ? 'other' : 'absent';
}

/** A domain name as compared: lower case, without a trailing dot or a leading www. */
export function bareDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

/**
 * Who owns a host: its registrable domain under the Public Suffix List, private section included
 * (a.github.io and b.github.io belong to different people); an address or a bare suffix is its own.
 */
export function registrableDomain(host: string): string {
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  return getDomain(name, { allowPrivateDomains: true }) ?? name;
}

/** True when the host belongs to the same owner as the listing's domain: the only place proof is read. */
export function isOnListingSite(host: string, domain: string): boolean {
  return registrableDomain(host) === registrableDomain(bareDomain(domain));
}

/** True when the address's domain is the listing's domain or a subdomain of it. */
export function isAddressAtDomain(email: string, domain: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const host = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  const base = bareDomain(domain);
  return host === base || host.endsWith(`.${base}`);
}

export interface ClaimTarget {
  method: ClaimMethod;
  /** The listing's domain, e.g. acme.com. */
  domain: string;
  /** The listing's homepage, e.g. https://acme.com/. */
  homepage: string;
  token: string;
  email: string | null;
  expiresAt: string;
}

/** What to publish and where, in words a person or an agent can follow, with the token. */
export function claimInstructions(target: ClaimTarget): string {
  const until = `The claim is checked automatically (first after a minute, then less often) until ${target.expiresAt}; call verify_claim to check at once.`;
  switch (target.method) {
    case 'dns':
      return `Add a DNS TXT record on ${bareDomain(target.domain)} with the value "${verificationName}=${target.token}" (exactly, without the quotes). Other TXT records may stay. ${until}`;
    case 'meta':
      return `Put <meta name="${verificationName}" content="${target.token}"> in the <head> of the homepage ${target.homepage}, so that it is in the HTML the server sends. ${until}`;
    case 'file':
      return `Publish a plain-text file at ${fileUrlOf(target.homepage)} whose content is exactly "${target.token}" (without the quotes). ${until}`;
    case 'email':
      return `We mailed a one-time link to ${target.email}. Open it and press the confirm button on the page it shows; the link works until ${target.expiresAt}. No token needs publishing for this method.`;
  }
}

/** Where the file proof lives: the verification path at the homepage's origin. */
export function fileUrlOf(homepage: string): string {
  return new URL(verificationFilePath, homepage).href;
}
