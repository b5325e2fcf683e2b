import { randomBytes } from 'node:crypto';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isPublic } from '../catalogue/sql.js';
import {
  allowedClaimEmail,
  checkDelayMs,
  claimEmailAddresses,
  claimLifetimeMs,
  moveClaim,
  publishedAddresses,
  type ClaimEvent,
  type ClaimMethod,
} from '../domain/claims.js';
import type { Evidence } from '../domain/evidence.js';
import { Claim, type ClaimEntity } from '../entities/claim.js';
import { AppError, notFound } from '../errors.js';
import { query, sql } from '../platform/sql.js';
import { listingDomain } from './reads.js';

export interface ClaimRequest {
  slug: string;
  method: ClaimMethod;
  email?: string;
}

/** What the edge needs to start (or find) the claim's verification lifecycle. */
export interface OpenClaim {
  id: number;
  listingId: number;
  userId: number;
  method: ClaimMethod;
  expiresAt: Date;
  /** false: the caller's open claim on this listing, returned instead of a second one. */
  created: boolean;
}

/**
 * claim_listing: opens a claim on a public listing, or returns the caller's open one. The token is
 * public by design (it is published on the website); only the emailed link is a secret.
 */
export async function claimListing(em: EntityManager, siteId: number, userId: number, request: ClaimRequest): Promise<OpenClaim> {
  const [listing] = await query(
    em,
    sql<{ id: number; owner_id: number | null; domain: string | null }>`select l.id, l.owner_id, ${listingDomain} as domain
      from listing l where l.site_id = ${siteId} and l.slug = ${request.slug} and ${isPublic}`,
  );
  if (!listing) throw notFound(`Listing ${request.slug}`);
  if (listing.owner_id === userId) throw new AppError('conflict', `You already own ${request.slug}: there is nothing to claim.`);
  if (!listing.domain) throw new AppError('conflict', `${request.slug} has no website, so there is no domain to prove.`);
  const email = request.method === 'email' ? await claimableEmail(em, listing.id, listing.domain, request.email!) : null;
  const open = await openClaimOf(em, listing.id, userId);
  if (open) return open;
  const claim = em.create(Claim, {
    listingId: listing.id,
    userId,
    method: request.method,
    email,
    token: randomBytes(16).toString('hex'),
    expiresAt: new Date(Date.now() + claimLifetimeMs),
    nextCheckAt: new Date(Date.now() + checkDelayMs(0)),
  });
  try {
    await em.flush();
  } catch (error) {
    // The same person claimed at the same moment in another request: answer with that claim.
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
    em.clear();
    return (await openClaimOf(em, listing.id, userId))!;
  }
  return { ...openClaimFields(claim), created: true };
}

/** The claimant's address when it speaks for the listing's domain; else 400 naming the ones that do. */
async function claimableEmail(em: EntityManager, listingId: number, domain: string, email: string): Promise<string> {
  const allowed = await claimEmailAddressesOf(em, listingId, domain);
  const address = allowedClaimEmail(email, allowed);
  if (address) return address;
  const message = `must be one of ${allowed.join(', ')}: an address that speaks for ${domain}, not any mailbox there`;
  throw new AppError('invalid_input', `Invalid request body: email ${message}.`, [{ path: 'body.email', message }]);
}

/** The addresses an email claim on the listing may use: its domain's role mailboxes and its website's own. */
export async function claimEmailAddressesOf(em: EntityManager, listingId: number, domain: string): Promise<string[]> {
  // The crawler's quotes for the contact email, from the drafts the listing was made from.
  const [site] = await query(
    em,
    sql<{ contact_email: string | null; evidence: Evidence[] }>`select l.contact_email,
        coalesce((select jsonb_agg(e) from draft d,
          jsonb_array_elements(jsonb_path_query_array(d.fields, '$.contact_email.evidence[*]')
            || jsonb_path_query_array(d.fields, '$.contact_email.ai_original.evidence[*]')) e
          where d.listing_id = l.id and jsonb_typeof(e -> 'quote') = 'string' and jsonb_typeof(e -> 'url') = 'string'), '[]') as evidence
      from listing l where l.id = ${listingId}`,
  );
  return claimEmailAddresses(domain, publishedAddresses(site.contact_email, site.evidence, domain));
}

async function openClaimOf(em: EntityManager, listingId: number, userId: number): Promise<OpenClaim | undefined> {
  const claim = await em.findOne(Claim, { listingId, userId, status: 'pending' });
  return claim ? { ...openClaimFields(claim), created: false } : undefined;
}

function openClaimFields(claim: ClaimEntity): Omit<OpenClaim, 'created'> {
  return { id: claim.id, listingId: claim.listingId, userId: claim.userId, method: claim.method, expiresAt: claim.expiresAt };
}

/** The claim's status as a caller may see it: pending (a check worth running), or closed. */
export async function claimStatusOf(em: EntityManager, userId: number, claimId: number): Promise<OpenClaim & { open: boolean }> {
  const claim = await em.findOne(Claim, { id: claimId, userId });
  if (!claim) throw notFound(`Claim ${claimId}`);
  return { ...openClaimFields(claim), created: false, open: claim.status === 'pending' };
}

/** Loads a claim for a write, locked against the other writers of its row. */
export async function lockedClaim(tx: EntityManager, claimId: number): Promise<ClaimEntity | null> {
  return tx.findOne(Claim, claimId, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
}

/** Moves a pending claim; a closed one stays as it is (the move is refused by moveClaim). */
export function applyClaimMove(claim: ClaimEntity, event: ClaimEvent, reason: string | null): boolean {
  const move = moveClaim(claim.status, event);
  if (!move.ok) return false;
  claim.status = move.status;
  claim.statusReason = reason;
  claim.nextCheckAt = null;
  return true;
}
