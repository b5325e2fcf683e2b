import type { EntityManager } from '@mikro-orm/postgresql';
import { claimInstructions, type ClaimMethod, type ClaimStatus } from '../domain/claims.js';
import type { Page } from '../domain/pagination.js';
import { notFound } from '../errors.js';
import { readNewestFirst } from '../platform/paging.js';
import { query, sql } from '../platform/sql.js';
import type { ClaimView } from './schemas.js';

interface ClaimRow {
  id: number;
  slug: string;
  listing_id: number;
  method: ClaimMethod;
  status: ClaimStatus;
  status_reason: string | null;
  token: string;
  email: string | null;
  checks: number;
  checked_at: string | null;
  check_result: string | null;
  next_check_at: string | null;
  expires_at: string;
  verified_at: string | null;
  created_at: string;
  domain: string;
  homepage: string;
}

/** The listing's domain: the stored one, else its website's host. */
export const listingDomain = sql`coalesce(l.domain, substring(l.website_url from '^[a-z]+://([^/:?#]+)'))`;
/** The listing's homepage: its website, else https://<domain>/. */
export const listingHomepage = sql`coalesce(l.website_url, 'https://' || l.domain || '/')`;

/** The claim `c` joined to its listing `l`: what the claimant sees, and where the proof goes. */
const claimColumns = sql`c.id, l.slug, c.listing_id, c.method, c.status, c.status_reason, c.token, c.email, c.checks,
  iso_utc(c.checked_at) as checked_at, c.check_result, iso_utc(c.next_check_at) as next_check_at,
  iso_utc(c.expires_at) as expires_at, iso_utc(c.verified_at) as verified_at, iso_utc(c.created_at) as created_at,
  ${listingDomain} as domain, ${listingHomepage} as homepage`;

/** One of the caller's claims; another person's is 404. */
export async function getMyClaim(em: EntityManager, userId: number, claimId: number): Promise<ClaimView> {
  const [row] = await query(
    em,
    sql<ClaimRow>`select ${claimColumns} from claim c join listing l on l.id = c.listing_id
      where c.id = ${claimId} and c.user_id = ${userId}`,
  );
  if (!row) throw notFound(`Claim ${claimId}`);
  return claimView(row);
}

/** list_my_claims: the caller's claims, newest first. */
export async function listMyClaims(em: EntityManager, userId: number, page: number, perPage: number): Promise<Page<ClaimView>> {
  return readNewestFirst<ClaimRow, ClaimView>(
    (statement) => query(em, statement),
    {
      columns: claimColumns,
      from: sql`from claim c join listing l on l.id = c.listing_id where c.user_id = ${userId}`,
      order: sql`c.created_at desc, c.id desc`,
    },
    page,
    perPage,
    claimView,
  );
}

function claimView(row: ClaimRow): ClaimView {
  return {
    id: row.id,
    slug: row.slug,
    listing_id: row.listing_id,
    method: row.method,
    status: row.status,
    status_reason: row.status_reason,
    instructions: claimInstructions({
      method: row.method,
      domain: row.domain,
      homepage: row.homepage,
      token: row.token,
      email: row.email,
      expiresAt: row.expires_at,
    }),
    token: row.token,
    email: row.email,
    checks: row.checks,
    checked_at: row.checked_at,
    result: row.check_result,
    next_check_at: row.next_check_at,
    expires_at: row.expires_at,
    verified_at: row.verified_at,
    created_at: row.created_at,
  };
}
