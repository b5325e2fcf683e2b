import type { EntityManager } from '@mikro-orm/postgresql';
import { isPublic } from '../catalogue/sql.js';
import { registrableDomain } from '../domain/registrable-domain.js';
import { AppError } from '../errors.js';
import { query, sql } from '../platform/sql.js';

/**
 * One public listing per registrable domain (DESIGN, Listings (owner side)): the one rule that
 * submit_listing, submit_draft and every move to a public status (scheduled, live) ask.
 */

/** Lock key for a site's registrable domains (first half of a two-part advisory lock). */
const domainLock = 7_331_002;

export interface ListedOnDomain {
  slug: string;
  name: string;
}

/** Who asks: the site, the host (or registrable domain) the listing is for, and the listing itself when it exists. */
export interface DomainClaimant {
  siteId: number;
  host: string;
  listingId?: number;
}

/** A listing as the rule sees it; one without a website claims no domain. */
export function listingClaimant(listing: { id: number; siteId: number; domain?: string | null }): DomainClaimant | null {
  return listing.domain ? { siteId: listing.siteId, host: listing.domain, listingId: listing.id } : null;
}

/** The site's public listing, other than the claimant's own, on the claimant's registrable domain (its host or any subdomain). */
async function publicListingOnDomain(em: EntityManager, claimant: DomainClaimant): Promise<ListedOnDomain | undefined> {
  const domain = registrableDomain(claimant.host);
  const candidates = await query(
    em,
    sql<ListedOnDomain & { domain: string }>`select l.slug, l.name, l.domain from listing l
      where l.site_id = ${claimant.siteId} and ${isPublic} and l.id <> ${claimant.listingId ?? 0}
        and (l.domain = ${domain} or right(l.domain, ${domain.length + 1}) = ${`.${domain}`})
      order by l.id`,
  );
  // A deeper private suffix (a subdomain that is a registrable domain of its own) is another site.
  const listed = candidates.find((row) => registrableDomain(row.domain) === domain);
  return listed && { slug: listed.slug, name: listed.name };
}

/**
 * Refuses with 409 already_listed, naming the listing that holds the domain and its claim link
 * (in `errors` at `path`), when another listing of the site is public on the claimant's
 * registrable domain. Called inside the transaction that writes, it first takes a lock per site
 * and domain held until commit, so two listings of one domain going public at once are checked
 * one after the other and the second sees the first.
 */
export async function refuseSecondPublicListing(
  tx: EntityManager,
  publicUrl: string,
  claimant: DomainClaimant | null,
  path: string,
): Promise<void> {
  if (!claimant) return;
  const domain = registrableDomain(claimant.host);
  // Outside a transaction (a read before any write) there is nothing to hold the lock for.
  if (tx.isInTransaction()) {
    await query(tx, sql`select pg_advisory_xact_lock(${domainLock}, hashtext(${`${claimant.siteId}:${domain}`}))`);
  }
  const listed = await publicListingOnDomain(tx, claimant);
  if (listed) throw alreadyListed(listed, domain, publicUrl, path);
}

function alreadyListed(listing: ListedOnDomain, domain: string, publicUrl: string, path: string): AppError {
  const url = `${publicUrl}/listings/${listing.slug}`;
  const claimUrl = `${url}/claim`;
  return new AppError(
    'already_listed',
    `${domain} is already listed as ${listing.name} (${listing.slug}). If the product is yours, claim the listing at ${claimUrl}.`,
    [{ path, message: `already listed as ${listing.slug}; claim it at ${claimUrl}` }],
    { listing: { slug: listing.slug, name: listing.name, url, claim_url: claimUrl } },
  );
}
