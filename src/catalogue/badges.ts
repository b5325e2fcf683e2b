import type { EntityManager } from '@mikro-orm/postgresql';
import type { Badges } from './schemas.js';
import { allBadgeStyles, badgeEmbedHtml, badgeImageUrl, type BadgeStyle, type BadgeSubject } from '../domain/badges.js';
import { notFound } from '../errors.js';
import { query, sql } from '../platform/sql.js';
import { listingUrl } from './sql.js';

/**
 * Listings that may show a badge: besides live and scheduled ones, those awaiting their badge,
 * whose owners need the embed code to go live.
 */
export async function badgeSubject(
  em: EntityManager,
  siteId: number,
  siteName: string,
  publicUrl: string,
  slug: string,
): Promise<BadgeSubject> {
  const [row] = await query(
    em,
    sql<{
      name: string;
    }>`select name from listing where site_id = ${siteId} and slug = ${slug} and status in ('awaiting_badge', 'scheduled', 'live')`,
  );
  if (!row) throw notFound(`Listing ${slug}`);
  return { siteName, listingName: row.name, listingSlug: slug, listingUrl: listingUrl(publicUrl, slug), publicUrl };
}

/** The chosen badge with its embed code, and the image URL of every style. */
export async function getBadges(
  em: EntityManager,
  siteId: number,
  siteName: string,
  publicUrl: string,
  slug: string,
  chosen: BadgeStyle,
): Promise<Badges> {
  const subject = await badgeSubject(em, siteId, siteName, publicUrl, slug);
  return {
    listing: { slug, name: subject.listingName, url: subject.listingUrl },
    badge: { ...chosen, image_url: badgeImageUrl(subject, chosen), embed_html: badgeEmbedHtml(subject, chosen) },
    styles: allBadgeStyles().map((style) => ({ ...style, image_url: badgeImageUrl(subject, style) })),
  };
}
