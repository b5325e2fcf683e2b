import type { EntityManager } from '@mikro-orm/postgresql';
import { profileColumns, profileOf, type ProfileRow } from '../catalogue/listing-profile.js';
import { listingUrl } from '../catalogue/sql.js';
import { badgeEmbedHtml, standardBadge } from '../domain/badges.js';
import { founderProfileGate, type FounderFacts } from '../domain/founder-profile.js';
import type { ListingPlan, ListingStatus } from '../domain/listing-status.js';
import { publicStatuses } from '../domain/catalogue-terms.js';
import { nextStep, nextStepCode, type BadgeGate, type PublicationFacts } from '../domain/publication.js';
import type { Page } from '../domain/pagination.js';
import { notFound } from '../errors.js';
import { readNewestFirst } from '../platform/paging.js';
import { query, sql } from '../platform/sql.js';
import type { OwnerListing } from './schemas.js';

interface OwnerRow extends ProfileRow {
  status: ListingStatus;
  launch_week: string | null;
  launched_at: string | null;
  created_at: string;
  updated_at: string;
  status_reason: string | null;
  site_name: string;
  badge: Omit<BadgeGate, 'embed_html'> | null;
  founder_facts: FounderFacts[];
}

/** The facts of the founder-profile gate of listing `l`, as a JSON array of FounderFacts. */
export const founderFacts = sql`(select coalesce(json_agg(json_build_object('name', f.name, 'title', f.title, 'bio', f.bio,
      'hasSocialLink', f.socials <> '{}'::jsonb,
      'hasInterviewAnswer', f.user_id is not null and exists (select 1 from interview_answer a where a.user_id = f.user_id))
      order by lf.position), '[]')
    from listing_founder lf join founder f on f.id = lf.founder_id where lf.listing_id = l.id)`;

/** What the owner sees beyond the profile: status and plan, the free plan's gates, the founders' facts. */
const ownerColumns = sql`${profileColumns('owner')}, l.status, l.launch_week, iso_utc(l.launched_at) as launched_at, l.status_reason,
  (select s.name from site s where s.id = l.site_id) as site_name,
  iso_utc(l.created_at) as created_at, iso_utc(l.updated_at) as updated_at,
  (select json_build_object('found', b.found, 'checked_at', iso_utc(b.checked_at), 'next_check_at', iso_utc(b.next_check_at),
      'looked_at', b.looked_at, 'detail', b.detail) from listing_badge_check b where b.listing_id = l.id) as badge,
  ${founderFacts} as founder_facts`;

const notCheckedYet: Omit<BadgeGate, 'embed_html'> = {
  found: false,
  checked_at: null,
  next_check_at: null,
  looked_at: null,
  detail: 'Not checked yet: checks start when the free plan is chosen.',
};

/** get_my_listing: the owner view of one of the caller's listings, whatever its status; another's is 404. */
export async function getOwnedListing(
  em: EntityManager,
  publicUrl: string,
  ownerId: number,
  listingId: number,
): Promise<OwnerListing> {
  const [row] = await query(
    em,
    sql<OwnerRow>`select ${ownerColumns} from listing l where l.id = ${listingId} and l.owner_id = ${ownerId}`,
  );
  if (!row) throw notFound(`Listing ${listingId}`);
  return ownerView(row, publicUrl);
}

/** list_my_listings: every listing the caller owns, any status, newest first. */
export async function listOwnedListings(
  em: EntityManager,
  publicUrl: string,
  ownerId: number,
  page: number,
  perPage: number,
): Promise<Page<OwnerListing>> {
  return readNewestFirst<OwnerRow, OwnerListing>(
    (statement) => query(em, statement),
    { columns: ownerColumns, from: sql`from listing l where l.owner_id = ${ownerId}`, order: sql`l.created_at desc, l.id desc` },
    page,
    perPage,
    (row) => ownerView(row, publicUrl),
  );
}

function ownerView(row: OwnerRow, publicUrl: string): OwnerListing {
  const { story: _story, milestones: _milestones, media: _media, ...profile } = profileOf(row, publicUrl);
  const plan = row.plan as ListingPlan;
  const subject = {
    siteName: row.site_name,
    listingName: profile.name,
    listingSlug: profile.slug,
    listingUrl: listingUrl(publicUrl, profile.slug),
    publicUrl,
  };
  const badge: BadgeGate = { ...(row.badge ?? notCheckedYet), embed_html: badgeEmbedHtml(subject, standardBadge) };
  const founderProfile = founderProfileGate(row.founder_facts);
  const publicationFacts: PublicationFacts = {
    status: row.status,
    plan,
    launchWeek: row.launch_week,
    launchedAt: row.launched_at,
    statusReason: row.status_reason,
    websiteUrl: profile.links.website,
    listingUrl: subject.listingUrl,
    badge,
    founderProfile,
  };
  const free = plan === 'free';
  return {
    ...profile,
    status: row.status,
    visible: (publicStatuses as readonly string[]).includes(row.status),
    publication: {
      plan,
      launch_week: row.launch_week,
      launched_at: row.launched_at,
      badge: free ? badge : null,
      founder_profile: free ? founderProfile : null,
      status_reason: row.status_reason,
      next_step: nextStep(publicationFacts),
      next_step_code: nextStepCode(publicationFacts),
    },
    story: row.story ?? null,
    milestones: row.milestones,
    media: row.media,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
