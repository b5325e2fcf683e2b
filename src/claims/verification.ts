import type { EntityManager } from '@mikro-orm/postgresql';
import { listingUrl } from '../catalogue/sql.js';
import { allowedClaimEmail, type ClaimCheckOutcome, type ClaimMethod, type ClaimStatus } from '../domain/claims.js';
import { Claim, type ClaimEntity } from '../entities/claim.js';
import { Listing } from '../entities/listing.js';
import type { Mailer } from '../mail/index.js';
import { query, sql } from '../platform/sql.js';
import { applyClaimMove, claimEmailAddressesOf, lockedClaim } from './commands.js';
import type { ProofCheck, ProofRequest } from './proof-checks.js';
import { listingDomain, listingHomepage } from './reads.js';

/** What one check of a claim ended with; `canceledClaims`: others closed by this one's success. */
export interface ClaimCheckResult {
  status: ClaimStatus;
  result: string | null;
  canceledClaims: number[];
}

export interface ClaimMailSettings {
  publicUrl: string;
  siteName: string;
}

/**
 * One check of a claim: looks for the proof (outside any transaction: it waits on the network), then
 * records what it saw, and on proof makes the claimant the listing's owner, all in one transaction.
 * A claim closed meanwhile (another claim won, it expired) is left as it is.
 */
export async function runClaimCheck(
  em: EntityManager,
  check: ProofCheck,
  mailer: Mailer,
  settings: ClaimMailSettings,
  claimId: number,
  nextCheckAt: string | null,
): Promise<ClaimCheckResult> {
  const [target] = await query(
    em,
    sql<
      Omit<ProofRequest, 'linkSent' | 'linkConfirmed'> & {
        listing_id: number;
        link_sent: boolean;
        link_confirmed: boolean;
        status: ClaimStatus;
      }
    >`
      select c.method, c.listing_id, ${listingDomain} as domain, ${listingHomepage} as homepage, c.token, c.email, c.status,
        c.link_sent_at is not null as link_sent, c.link_confirmed_at is not null as link_confirmed
      from claim c join listing l on l.id = c.listing_id where c.id = ${claimId}`,
  );
  if (!target) throw new Error(`Claim ${claimId} does not exist`);
  const outcome =
    target.status === 'pending'
      ? ((await refusedEmail(em, target)) ??
        (await check({ ...target, linkSent: target.link_sent, linkConfirmed: target.link_confirmed })))
      : null;
  return em.transactional(
    async (tx) => {
      const claim = (await lockedClaim(tx, claimId))!;
      if (!outcome || claim.status !== 'pending')
        return { status: claim.status as ClaimStatus, result: claim.checkResult ?? null, canceledClaims: [] };
      claim.checks += 1;
      claim.checkedAt = new Date();
      claim.checkResult = outcome.result;
      claim.nextCheckAt = nextCheckAt ? new Date(nextCheckAt) : null;
      let canceledClaims: number[] = [];
      if (outcome.finding === 'match') canceledClaims = await transferListing(tx, claim, mailer, settings);
      if (outcome.finding === 'other')
        applyClaimMove(claim, 'fail', `The proof was found with another token (${outcome.result}).`);
      if (outcome.finding === 'refused') applyClaimMove(claim, 'fail', outcome.result);
      return { status: claim.status as ClaimStatus, result: claim.checkResult ?? null, canceledClaims };
    },
    { clear: true },
  );
}

/**
 * An email claim whose address does not speak for the domain (opened under an older rule, or the
 * website no longer publishes it) proves nothing, whoever confirms its link.
 */
async function refusedEmail(
  em: EntityManager,
  target: { method: ClaimMethod; email: string | null; listing_id: number; domain: string },
): Promise<ClaimCheckOutcome | undefined> {
  if (target.method !== 'email') return undefined;
  const allowed = await claimEmailAddressesOf(em, target.listing_id, target.domain);
  if (allowedClaimEmail(target.email ?? '', allowed)) return undefined;
  return {
    finding: 'refused',
    result: `${target.email} does not speak for ${target.domain}: an email claim needs one of ${allowed.join(', ')}`,
  };
}

/** The claim is proven: the claimant owns the listing, other open claims on it end, the previous owner is told. */
async function transferListing(
  tx: EntityManager,
  claim: ClaimEntity,
  mailer: Mailer,
  settings: ClaimMailSettings,
): Promise<number[]> {
  const listing = await tx.findOneOrFail(Listing, claim.listingId);
  const previousOwner = listing.ownerId;
  listing.ownerId = claim.userId;
  listing.updatedAt = new Date();
  applyClaimMove(claim, 'verify', null);
  claim.verifiedAt = new Date();
  const others = await tx.find(Claim, { listingId: claim.listingId, status: 'pending', id: { $ne: claim.id } });
  for (const other of others) {
    applyClaimMove(other, 'cancel', `Another claim on ${listing.slug} was verified first: the listing has a new owner.`);
  }
  if (previousOwner !== null && previousOwner !== claim.userId) {
    const [people] = await query(
      tx,
      sql<{ previous: string; claimant: string }>`select (select email from app_user where id = ${previousOwner}) as previous,
        (select email from app_user where id = ${claim.userId}) as claimant`,
    );
    if (people.previous) {
      await mailer.send(
        {
          to: people.previous,
          subject: `${listing.name} on ${settings.siteName} has a new owner`,
          text: `Hello,

${people.claimant} proved that they run ${listing.domain ?? listing.websiteUrl} (by ${describeMethod(claim.method)}), so the listing "${listing.name}" on ${settings.siteName} (${listingUrl(settings.publicUrl, listing.slug)}) is now theirs to manage, and no longer yours.

If this is wrong, reply to this mail and the site team will look into it.`,
        },
        { within: tx },
      );
    }
  }
  return others.map((other) => other.id);
}

function describeMethod(method: ClaimEntity['method']): string {
  return {
    dns: 'a DNS TXT record',
    meta: 'a meta tag on the homepage',
    file: 'a file on the website',
    email: 'a link mailed to the domain',
  }[method];
}

/** Seven days without proof: the claim expires (a claim closed meanwhile stays as it is). */
export async function expireClaim(em: EntityManager, claimId: number): Promise<ClaimStatus> {
  return em.transactional(
    async (tx) => {
      const claim = (await lockedClaim(tx, claimId))!;
      applyClaimMove(claim, 'expire', `No proof was found within 7 days (${claim.checks} checks).`);
      return claim.status;
    },
    { clear: true },
  );
}
