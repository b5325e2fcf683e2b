import type { EntityManager } from '@mikro-orm/postgresql';
import { listingUrl } from '../catalogue/sql.js';
import type { CrawlConfig } from '../config.js';
import { readHomepage } from '../crawl/homepage.js';
import { hasBadgeEmbed } from '../domain/badges.js';
import { founderProfileGate, type FounderFacts } from '../domain/founder-profile.js';
import { founderFacts } from '../listings/owner-view.js';
import { notFound } from '../errors.js';
import { query, sql } from '../platform/sql.js';

export interface GateCheck {
  badgeFound: boolean;
  founderProfileComplete: boolean;
  met: boolean;
}

/**
 * Checks the free plan's gates of a listing now: the badge on its website's homepage (read by the
 * guarded crawler, through Chromium when scripts build it, robots.txt respected) and the founder
 * profile. Writes what the badge check saw, and when the next one is due, for the owner view.
 */
export async function checkLaunchGates(
  em: EntityManager,
  crawl: CrawlConfig,
  publicUrl: string,
  listingId: number,
  nextCheckAt: Date | null,
): Promise<GateCheck> {
  const [listing] = await query(
    em,
    sql<{
      slug: string;
      website_url: string | null;
      founders: FounderFacts[];
    }>`select l.slug, l.website_url, ${founderFacts} as founders
     from listing l where l.id = ${listingId}`,
  );
  if (!listing) throw notFound(`Listing ${listingId}`);
  const page = listingUrl(publicUrl, listing.slug);
  const badge = await lookForBadge(crawl, listing.website_url, { listingUrl: page, listingSlug: listing.slug, publicUrl });
  await query(
    em,
    sql`insert into listing_badge_check (listing_id, found, looked_at, detail, checked_at, next_check_at)
     values (${listingId}, ${badge.found}, ${badge.lookedAt}, ${badge.detail}, now(), ${nextCheckAt})
     on conflict (listing_id) do update set found = excluded.found, looked_at = excluded.looked_at, detail = excluded.detail,
       checked_at = excluded.checked_at, next_check_at = excluded.next_check_at`,
  );
  const founderProfileComplete = founderProfileGate(listing.founders).complete;
  return { badgeFound: badge.found, founderProfileComplete, met: badge.found && founderProfileComplete };
}

async function lookForBadge(
  crawl: CrawlConfig,
  websiteUrl: string | null,
  subject: { listingUrl: string; listingSlug: string; publicUrl: string },
): Promise<{ found: boolean; lookedAt: string; detail: string }> {
  if (!websiteUrl) return { found: false, lookedAt: '', detail: 'The listing has no website to look at.' };
  try {
    const home = await readHomepage(crawl, websiteUrl);
    const how = home.renderedWithBrowser ? ' (rendered in a browser, as its scripts build it)' : '';
    return hasBadgeEmbed(home.html, subject)
      ? { found: true, lookedAt: home.url, detail: `The badge links to ${subject.listingUrl} from ${home.url}${how}.` }
      : {
          found: false,
          lookedAt: home.url,
          detail: `${home.url}${how} has no link to ${subject.listingUrl} and no badge image of this listing.`,
        };
  } catch (error) {
    return {
      found: false,
      lookedAt: websiteUrl,
      detail: `The homepage could not be read: ${(error as Error).message}.`.slice(0, 500),
    };
  }
}
