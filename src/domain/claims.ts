import type { Evidence } from './evidence.js';
import { registrableDomain } from './registrable-domain.js';

/**
 * Claims (docs/architecture.md, Claims): how a person proves they run a listing's website, and the only moves of
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

/**
 * What one check saw: the proof with this claim's token, proof with another token, none, or no
 * answer; `refused`: the claim as made can prove nothing (an email address that does not speak for the domain).
 */
export type ProofFinding = 'match' | 'other' | 'absent' | 'error' | 'refused';

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

/** True when the host belongs to the same owner as the listing's domain: the only place proof is read. */
export function isOnListingSite(host: string, domain: string): boolean {
  return registrableDomain(host) === registrableDomain(bareDomain(domain));
}

/** The mailboxes that speak for a whole domain (CA/Browser Forum Baseline Requirements 3.2.2.4.4). */
export const domainRoleMailboxes = ['admin', 'administrator', 'webmaster', 'hostmaster', 'postmaster'] as const;

/**
 * The addresses the listing's own website publishes: its contact email, when a quote the crawler
 * read on a page of the listing's site contains it. Anything else is only someone's word.
 */
export function publishedAddresses(contactEmail: string | null, evidence: readonly Evidence[], domain: string): string[] {
  const address = contactEmail?.trim().toLowerCase();
  if (!address) return [];
  const quoted = evidence.some((item) => addressesIn(item.quote).includes(address) && isOnListingSite(hostOf(item.url), domain));
  return quoted ? [address] : [];
}

/** Whole addresses in a text, so that hello@acme.com is not found inside bighello@acme.com. */
function addressesIn(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9._%+-]+@[a-z0-9.-]+/g) ?? []).map((address) => address.replace(/\.+$/, ''));
}

/**
 * The addresses an email claim may use. A role mailbox of the registrable domain, or one the site
 * itself publishes, speaks for the domain; any other mailbox there (a mail provider's user) does not.
 */
export function claimEmailAddresses(domain: string, published: readonly string[]): string[] {
  const site = registrableDomain(bareDomain(domain));
  return [...new Set([...domainRoleMailboxes.map((box) => `${box}@${site}`), ...published])];
}

/** The allowed address the claimant named (compared without case), or undefined when it is none of them. */
export function allowedClaimEmail(email: string, allowed: readonly string[]): string | undefined {
  const wanted = email.trim().toLowerCase();
  return allowed.find((address) => address === wanted);
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
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
